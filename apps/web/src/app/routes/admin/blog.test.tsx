import type { AdminBlogPage, AdminBlogPostRow, BlogPost } from '@btcp/shared/blog';
import type { Media } from '@btcp/shared/media';
import { paths } from '@btcp/shared/paths';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { expectToast } from '#web/test/expect-toast.ts';
import { renderWithToasts } from '#web/test/render.tsx';
import { apiError, stubApi } from '#web/test/stub-api.ts';
import { stubResizeObserver } from '#web/test/stub-resize-observer.ts';
import { Component as AdminBlogScreen } from './blog.tsx';

const COVER_ID = '3f1c2a4e-8b7d-4c6e-9f00-123456789abc';

const row = (overrides: Partial<AdminBlogPostRow> = {}): AdminBlogPostRow => ({
  id: 'p1',
  title: 'Mining explained',
  subtitle: 'A short guide',
  published: true,
  createdAt: '2026-11-22T12:00:00.000Z',
  updatedAt: '2026-11-24T12:00:00.000Z',
  ...overrides,
});

const fullPost = (overrides: Partial<BlogPost> = {}): BlogPost => ({
  id: 'p1',
  title: 'Mining explained',
  subtitle: 'A short guide',
  content: '## Intro\nHello',
  coverImage: null,
  coverImageCard: null,
  coverImageWidth: null,
  coverImageHeight: null,
  coverImageId: null,
  published: true,
  createdAt: '2026-11-22T12:00:00.000Z',
  updatedAt: '2026-11-24T12:00:00.000Z',
  ...overrides,
});

const media: Media = {
  id: COVER_ID,
  url: '/media/cover.webp',
  cardUrl: '/media/cover-card.webp',
  mimeType: 'image/webp',
  bytes: 1234,
  width: 1200,
  height: 630,
};

const page = (items: AdminBlogPostRow[], total = items.length): AdminBlogPage => ({
  items,
  total,
  page: 1,
  pageSize: 20,
});

function renderAdminBlog(path: string) {
  return renderWithToasts(<p>Elsewhere</p>, {
    path,
    routes: [
      { path: paths.adminBlog.path, element: <AdminBlogScreen /> },
      { path: paths.adminBlogAction.path, element: <AdminBlogScreen /> },
    ],
  });
}

function tableRow(title: string) {
  const tr = screen.getByText(title, { selector: 'p' }).closest('tr');
  if (!tr) throw new Error(`no row for ${title}`);
  return within(tr);
}

function imageFile(name: string, size: number, type = 'image/png') {
  const file = new File(['image bytes'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

beforeEach(() => {
  stubResizeObserver();
});

describe('admin blog list', () => {
  it('lists posts with status and dates, and links to edit them', async () => {
    stubApi({
      'GET /admin/blog/posts': {
        body: page([
          row(),
          row({ id: 'p2', title: 'Draft notes', subtitle: null, published: false }),
        ]),
      },
    });
    renderAdminBlog('/admin/blog');
    expect(await screen.findByText('Mining explained')).toBeVisible();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Title',
      'Status',
      'Created',
      'Last Updated',
      'Actions',
    ]);
    const first = tableRow('Mining explained');
    expect(first.getByText('A short guide')).toBeVisible();
    expect(first.getByText('Published')).toBeVisible();
    expect(first.getByText('Nov 22, 2026')).toBeVisible();
    expect(first.getByText('Nov 24, 2026')).toBeVisible();
    expect(first.getByRole('link', { name: 'Edit Mining explained' })).toHaveAttribute(
      'href',
      '/admin/blog/edit/p1',
    );
    expect(tableRow('Draft notes').getByText('Draft')).toBeVisible();
    expect(screen.getByRole('link', { name: 'New Post' })).toHaveAttribute(
      'href',
      '/admin/blog/new',
    );
    expect(document.title).toBe('Blog | BTCP Admin');
  });

  it('deletes a post only after confirmation', async () => {
    const user = userEvent.setup();
    let posts = [row(), row({ id: 'p2', title: 'Draft notes', published: false })];
    const { sent } = stubApi({
      'GET /admin/blog/posts': () => ({ body: page(posts) }),
      'DELETE /admin/blog/posts/p1': () => {
        posts = posts.filter((post) => post.id !== 'p1');
        return { status: 204 };
      },
    });
    renderAdminBlog('/admin/blog');
    await user.click(await screen.findByRole('button', { name: 'Delete Mining explained' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(
      within(dialog).getByText(
        'Are you sure you want to delete this post? This action cannot be undone.',
      ),
    ).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(sent('DELETE /admin/blog/posts/p1')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Delete Mining explained' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Delete Mining explained' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    await expectToast('Post deleted');
    expect(sent('DELETE /admin/blog/posts/p1')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('Mining explained')).not.toBeInTheDocument());
    expect(screen.getByText('Draft notes')).toBeVisible();
  });

  it('toasts when a delete fails and keeps the post', async () => {
    const user = userEvent.setup();
    stubApi({
      'GET /admin/blog/posts': { body: page([row()]) },
      'DELETE /admin/blog/posts/p1': apiError(500, 'INTERNAL_ERROR', 'Boom'),
    });
    renderAdminBlog('/admin/blog');
    await user.click(await screen.findByRole('button', { name: 'Delete Mining explained' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    await expectToast('Error deleting post');
    expect(screen.getByText('Mining explained')).toBeVisible();
  });

  it('offers to create the first post when there are none', async () => {
    stubApi({ 'GET /admin/blog/posts': { body: page([]) } });
    renderAdminBlog('/admin/blog');
    expect(await screen.findByText('No blog posts found')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Create your first post' })).toHaveAttribute(
      'href',
      '/admin/blog/new',
    );
  });

  it('shows the list for an unknown action, and toasts when it fails to load', async () => {
    stubApi({ 'GET /admin/blog/posts': apiError(500, 'INTERNAL_ERROR', 'Boom') });
    renderAdminBlog('/admin/blog/publish/p1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Blog Posts' })).toBeVisible();
    // Once in the toast, once in the table.
    await waitFor(() => expect(screen.getAllByText('Error loading posts')).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});

describe('admin blog form', () => {
  it('asks for a title and content without calling the server', async () => {
    const user = userEvent.setup();
    const { calls } = stubApi({});
    renderAdminBlog('/admin/blog/new');
    expect(screen.getByRole('heading', { level: 1, name: 'Create New Blog Post' })).toBeVisible();
    await user.type(screen.getByLabelText('Title'), '   ');
    await user.click(screen.getByRole('button', { name: 'Create Post' }));
    expect(await screen.findByText('Title is required')).toBeVisible();
    expect(screen.getByText('Content is required')).toBeVisible();
    expect(screen.getByLabelText('Title')).toHaveAccessibleDescription('Title is required');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('creates a post, says so and goes back to the list', async () => {
    const user = userEvent.setup();
    const { sent } = stubApi({
      'POST /admin/blog/posts': (call) => ({
        status: 201,
        body: fullPost({ ...(call.body as Partial<BlogPost>), id: 'new' }),
      }),
      'GET /admin/blog/posts': { body: page([row({ id: 'new', title: 'Launch day' })]) },
    });
    const { router } = renderAdminBlog('/admin/blog/new');
    expect(screen.getByRole('checkbox', { name: 'Publish' })).not.toBeChecked();
    await user.type(screen.getByLabelText('Title'), '  Launch day ');
    await user.type(screen.getByLabelText('Content'), 'We are live.');
    await user.click(screen.getByRole('checkbox', { name: 'Publish' }));
    await user.click(screen.getByRole('button', { name: 'Create Post' }));

    await expectToast('Post created');
    expect(sent('POST /admin/blog/posts')).toEqual([
      {
        title: 'Launch day',
        subtitle: null,
        content: 'We are live.',
        published: true,
        coverImageId: null,
      },
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/blog'));
    expect(await screen.findByText('Launch day')).toBeVisible();
  });

  it('shows the server’s field errors and the save failure toast', async () => {
    const user = userEvent.setup();
    stubApi({
      'POST /admin/blog/posts': apiError(400, 'VALIDATION_FAILED', 'Validation failed', {
        title: 'Title must be at most 300 characters',
      }),
    });
    renderAdminBlog('/admin/blog/new');
    await user.type(screen.getByLabelText('Title'), 'A title');
    await user.type(screen.getByLabelText('Content'), 'Body');
    await user.click(screen.getByRole('button', { name: 'Create Post' }));
    await expectToast('Error saving post');
    expect(screen.getByText('Could not save the blog post. Please try again.')).toBeVisible();
    await waitFor(() =>
      expect(screen.getByLabelText('Title')).toHaveAccessibleDescription(
        'Title must be at most 300 characters',
      ),
    );
  });

  it('refuses a cover over 5MB before uploading it', async () => {
    const user = userEvent.setup();
    const { calls } = stubApi({});
    renderAdminBlog('/admin/blog/new');
    await user.upload(
      screen.getByLabelText('Cover image'),
      imageFile('big.png', 5 * 1024 * 1024 + 1),
    );
    await expectToast('Image too large');
    expect(screen.getByText('Please select an image smaller than 5MB')).toBeVisible();
    expect(calls.filter((call) => call.path === '/admin/media/blog-cover')).toHaveLength(0);
    expect(screen.queryByRole('img', { name: 'Cover preview' })).not.toBeInTheDocument();
  });

  it('uploads a cover, previews it, sends its id, and can remove it again', async () => {
    const user = userEvent.setup();
    const { fetchMock, sent } = stubApi({
      'POST /admin/media/blog-cover': { status: 201, body: media },
      'POST /admin/blog/posts': { status: 201, body: fullPost() },
      'GET /admin/blog/posts': { body: page([row()]) },
    });
    renderAdminBlog('/admin/blog/new');
    await user.upload(screen.getByLabelText('Cover image'), imageFile('cover.png', 2048));
    expect(await screen.findByRole('img', { name: 'Cover preview' })).toHaveAttribute(
      'src',
      '/media/cover.webp',
    );
    const uploadBody = fetchMock.mock.calls.find(([url]) =>
      String(url).endsWith('/admin/media/blog-cover'),
    )?.[1]?.body;
    expect(uploadBody).toBeInstanceOf(FormData);
    expect((uploadBody as FormData).get('file')).toBeInstanceOf(File);

    await user.click(screen.getByRole('button', { name: 'Remove cover' }));
    expect(screen.queryByRole('img', { name: 'Cover preview' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Cover image')).toHaveFocus();
    await user.upload(screen.getByLabelText('Cover image'), imageFile('cover.png', 2048));
    await screen.findByRole('img', { name: 'Cover preview' });

    await user.type(screen.getByLabelText('Title'), 'With cover');
    await user.type(screen.getByLabelText('Content'), 'Body');
    await user.click(screen.getByRole('button', { name: 'Create Post' }));
    await expectToast('Post created');
    expect(sent('POST /admin/blog/posts')[0]).toMatchObject({
      coverImageId: COVER_ID,
    });
  });

  it('toasts a failed upload', async () => {
    const user = userEvent.setup();
    stubApi({ 'POST /admin/media/blog-cover': apiError(500, 'INTERNAL_ERROR', 'Boom') });
    renderAdminBlog('/admin/blog/new');
    await user.upload(screen.getByLabelText('Cover image'), imageFile('cover.png', 2048));
    await expectToast('Upload failed');
    expect(screen.getByText('Could not upload the image. Please try again.')).toBeVisible();
  });

  it('edits a post: loads its values, saves with PUT and says so', async () => {
    const user = userEvent.setup();
    const { sent } = stubApi({
      'GET /admin/blog/posts/p1': {
        body: fullPost({ coverImageId: COVER_ID, coverImage: '/media/old.webp' }),
      },
      'PUT /admin/blog/posts/p1': { body: fullPost() },
      'GET /admin/blog/posts': { body: page([row()]) },
    });
    renderAdminBlog('/admin/blog/edit/p1');
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Blog Post' })).toBeVisible();
    expect(await screen.findByLabelText('Title')).toHaveValue('Mining explained');
    expect(screen.getByLabelText('Subtitle')).toHaveValue('A short guide');
    expect(screen.getByLabelText('Content')).toHaveValue('## Intro\nHello');
    expect(screen.getByRole('checkbox', { name: 'Publish' })).toBeChecked();
    expect(screen.getByRole('img', { name: 'Cover preview' })).toHaveAttribute(
      'src',
      '/media/old.webp',
    );

    await user.clear(screen.getByLabelText('Subtitle'));
    await user.click(screen.getByRole('checkbox', { name: 'Publish' }));
    await user.click(screen.getByRole('button', { name: 'Update Post' }));
    await expectToast('Post updated');
    expect(sent('PUT /admin/blog/posts/p1')).toEqual([
      {
        title: 'Mining explained',
        subtitle: null,
        content: '## Intro\nHello',
        published: false,
        coverImageId: COVER_ID,
      },
    ]);
  });

  it('toasts when the post to edit cannot be loaded', async () => {
    stubApi({ 'GET /admin/blog/posts/gone': apiError(404, 'NOT_FOUND', 'Blog post not found') });
    renderAdminBlog('/admin/blog/edit/gone');
    await expectToast('Error loading blog post');
    expect(await screen.findAllByText('Blog post not found')).not.toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Back to all posts' })).toHaveAttribute(
      'href',
      '/admin/blog',
    );
  });
});
