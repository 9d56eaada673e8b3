import type { BlogPage, BlogPostSummary } from '@btcp/shared/blog';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithToasts } from '#web/test/render.tsx';
import { apiError, stubApi } from '#web/test/stub-api.ts';
import { Component as BlogListPage } from './blog.tsx';

const summary = (overrides: Partial<BlogPostSummary>): BlogPostSummary => ({
  id: 'p1',
  title: 'Mining explained',
  subtitle: null,
  excerpt: 'How the browser miner works...',
  coverImage: null,
  coverImageCard: null,
  coverImageWidth: null,
  coverImageHeight: null,
  createdAt: '2026-11-22T12:00:00.000Z',
  ...overrides,
});

const page = (items: BlogPostSummary[], total = items.length, pageNumber = 1): BlogPage => ({
  items,
  total,
  page: pageNumber,
  pageSize: 10,
});

function card(title: string) {
  const article = screen.getByRole('heading', { name: title }).closest('article');
  if (!article) throw new Error(`no card for ${title}`);
  return within(article);
}

describe('blog list page', () => {
  it('shows each published post as a card linking to the post', async () => {
    stubApi({
      'GET /blog/posts': {
        body: page([
          summary({
            id: 'p1',
            title: 'Mining explained',
            subtitle: 'A short guide',
            coverImage: '/media/full.webp',
            coverImageCard: '/media/card.webp',
          }),
          summary({
            id: 'p2',
            title: 'Roadmap update',
            excerpt: 'What comes next...',
            createdAt: '2026-03-05T12:00:00.000Z',
          }),
        ]),
      },
    });
    renderWithToasts(<BlogListPage />, { path: '/blog' });
    expect(screen.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
    expect(document.title).toBe('Blog | BTCP');

    expect(await screen.findByRole('link', { name: 'Mining explained' })).toHaveAttribute(
      'href',
      '/blog/p1',
    );
    const first = card('Mining explained');
    expect(first.getByText('A short guide')).toBeVisible();
    expect(first.getByText('How the browser miner works...')).toBeVisible();
    expect(first.getByText('Nov 22, 2026')).toBeVisible();
    const cover = first.getByRole('img', { name: 'Mining explained' });
    expect(cover).toHaveAttribute('src', '/media/card.webp');
    // The first card is in view at once: its cover loads first, not lazily.
    expect(cover).toHaveAttribute('fetchpriority', 'high');
    expect(cover).not.toHaveAttribute('loading');

    const second = card('Roadmap update');
    expect(second.getByText('No image')).toBeVisible();
    expect(second.getByText('What comes next...')).toBeVisible();
    expect(second.getByText('Mar 5, 2026')).toBeVisible();
    expect(second.getByRole('link', { name: 'Roadmap update' })).toHaveAttribute(
      'href',
      '/blog/p2',
    );

    expect(screen.getByRole('link', { name: 'RSS feed' })).toHaveAttribute('href', '/blog/rss.xml');
    // Two posts fit on one page: no pager.
    expect(screen.queryByRole('navigation', { name: 'Blog pages' })).not.toBeInTheDocument();
  });

  it('shows four skeleton cards while the posts load', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    renderWithToasts(<BlogListPage />, { path: '/blog' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading blog posts...');
    expect(screen.getAllByTestId('blog-card-skeleton')).toHaveLength(4);
  });

  it('says so when there are no posts yet', async () => {
    stubApi({ 'GET /blog/posts': { body: page([]) } });
    renderWithToasts(<BlogListPage />, { path: '/blog' });
    expect(await screen.findByText('No blog posts available yet.')).toBeVisible();
    expect(screen.getByText('Check back soon for new content!')).toBeVisible();
    expect(screen.queryByTestId('blog-card-skeleton')).not.toBeInTheDocument();
  });

  it('toasts a failure and lets the visitor try again', async () => {
    const user = userEvent.setup();
    let fail = true;
    stubApi({
      'GET /blog/posts': () =>
        fail ? apiError(500, 'INTERNAL_ERROR', 'Boom') : { body: page([summary({})]) },
    });
    renderWithToasts(<BlogListPage />, { path: '/blog' });
    expect(await screen.findByText('Error loading posts')).toBeInTheDocument();
    // Once in the toast, once in the page.
    expect(screen.getAllByText('Could not load blog posts. Please try again.')).toHaveLength(2);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Mining explained' })).toBeVisible();
  });

  it('pages through the posts with the page in the address', async () => {
    const user = userEvent.setup();
    const api = stubApi({
      'GET /blog/posts': ({ url }) => {
        const pageNumber = Number(url.searchParams.get('page'));
        return {
          body: page(
            [summary({ id: `p${pageNumber}`, title: `Post on page ${pageNumber}` })],
            15,
            pageNumber,
          ),
        };
      },
    });
    const { router } = renderWithToasts(<BlogListPage />, { path: '/blog' });
    expect(await screen.findByRole('link', { name: 'Post on page 1' })).toBeVisible();
    expect(screen.getByText('Page 1 of 2')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'Post on page 2' })).toBeVisible();
    expect(router.state.location.search).toBe('?page=2');
    expect(api.sent('GET /blog/posts')).toHaveLength(2);
  });

  it('opens at the page named in the address', async () => {
    stubApi({
      'GET /blog/posts': ({ url }) => ({
        body: page(
          [summary({ title: `Post on page ${url.searchParams.get('page')}` })],
          15,
          Number(url.searchParams.get('page')),
        ),
      }),
    });
    renderWithToasts(<BlogListPage />, { path: '/blog?page=2' });
    expect(await screen.findByRole('link', { name: 'Post on page 2' })).toBeVisible();
    expect(screen.getByText('Page 2 of 2')).toBeVisible();
  });
});
