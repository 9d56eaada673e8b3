import type { BlogPost } from '@btcp/shared/blog';
import { paths } from '@btcp/shared/paths';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithToasts } from '#web/test/render.tsx';
import { apiError, stubApi } from '#web/test/stub-api.ts';
import { Component as BlogPostPage } from './blog-post.tsx';

const post = (overrides: Partial<BlogPost> = {}): BlogPost => ({
  id: 'p1',
  title: 'Mining explained',
  subtitle: 'A short guide',
  content: 'Plain text.',
  coverImage: null,
  coverImageCard: null,
  coverImageWidth: null,
  coverImageHeight: null,
  coverImageId: null,
  published: true,
  createdAt: '2026-11-22T12:00:00.000Z',
  updatedAt: '2026-11-22T12:00:00.000Z',
  ...overrides,
});

function renderPost(id = 'p1') {
  return renderWithToasts(<p>Blog list</p>, {
    path: paths.blogPost.getHref(id),
    routes: [{ path: paths.blogPost.path, element: <BlogPostPage /> }],
  });
}

describe('blog post page', () => {
  it('shows the title, subtitle, date and cover, and names the tab after the post', async () => {
    stubApi({
      'GET /blog/posts/p1': { body: post({ coverImage: '/media/full.webp' }) },
    });
    renderPost();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Mining explained' }),
    ).toBeVisible();
    expect(screen.getByText('A short guide')).toBeVisible();
    expect(screen.getByText('Published on November 22, 2026')).toBeVisible();
    expect(screen.getByRole('img', { name: 'Mining explained' })).toHaveAttribute(
      'src',
      '/media/full.webp',
    );
    expect(screen.getByRole('link', { name: '← Back to all posts' })).toHaveAttribute(
      'href',
      '/blog',
    );
    expect(document.title).toBe('Mining explained | BTCP');
  });

  it('renders Markdown, but never the HTML written inside it', async () => {
    stubApi({
      'GET /blog/posts/p1': {
        body: post({
          content: [
            '## How it works',
            '',
            'First line',
            'second line with **bold** text.',
            '',
            '- one',
            '- two',
            '',
            '<script>alert("x")</script>',
            '',
            'A <b>raw</b> tag and [our terms](/terms-of-service) and [Bitcoin](https://bitcoin.org).',
          ].join('\n'),
        }),
      },
    });
    const { container } = renderPost();
    expect(await screen.findByRole('heading', { level: 2, name: 'How it works' })).toBeVisible();
    // remark-breaks: a single line break stays a line break.
    expect(container.querySelector('article br')).not.toBeNull();
    expect(screen.getByText('bold').tagName).toBe('STRONG');
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['one', 'two']);

    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('article b')).toBeNull();
    expect(screen.getByText('<script>alert("x")</script>', { exact: false })).toBeVisible();
    expect(screen.getByText(/A <b>raw<\/b> tag/)).toBeVisible();

    const internal = screen.getByRole('link', { name: 'our terms' });
    expect(internal).toHaveAttribute('href', '/terms-of-service');
    expect(internal).not.toHaveAttribute('target');
    const external = screen.getByRole('link', { name: /^Bitcoin.*opens in a new tab/ });
    expect(external).toHaveAttribute('rel', 'noopener noreferrer');
    expect(external).toHaveAttribute('target', '_blank');
  });

  it('drops script links', async () => {
    stubApi({
      'GET /blog/posts/p1': { body: post({ content: '[click me](javascript:alert(1))' }) },
    });
    renderPost();
    const link = await screen.findByText('click me');
    expect(link.getAttribute('href') ?? '').not.toMatch(/javascript/i);
  });

  it('says Post Not Found for a missing or unpublished post', async () => {
    const user = userEvent.setup();
    stubApi({ 'GET /blog/posts/draft': apiError(404, 'NOT_FOUND', 'Blog post not found') });
    renderPost('draft');
    expect(await screen.findByRole('heading', { name: 'Post Not Found' })).toBeVisible();
    expect(
      screen.getByText('The blog post you’re looking for doesn’t exist or is not published.'),
    ).toBeVisible();
    // A 404 is an answer, not a failure: no error toast.
    expect(screen.queryByText('Error loading post')).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Return to Blog' }));
    expect(await screen.findByText('Blog list')).toBeVisible();
  });

  it('toasts other failures and offers to try again', async () => {
    stubApi({ 'GET /blog/posts/p1': apiError(500, 'INTERNAL_ERROR', 'Boom') });
    renderPost();
    expect(await screen.findByText('Error loading post')).toBeInTheDocument();
    expect(
      screen.getAllByText('Could not load the blog post. It may not exist or is unpublished.')
        .length,
    ).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});
