import { expect, test } from '@playwright/test';
import { signInAdmin } from '../support/api.ts';

/** A real 2×2 PNG, so the server's decoder and re-encoder do their whole job. */
const COVER_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAFElEQVQImWM4kcJwIoUBhE+kMAAAI/4EsT7EV+oAAAAASUVORK5CYII=',
  'base64',
);

test('an admin drafts a post with a cover, publishes it, edits it and deletes it', async ({
  page,
  browser,
  baseURL,
}) => {
  const title = `Launch notes ${Date.now()}`;
  await signInAdmin(page.request, baseURL);
  const visitor = await (await browser.newContext()).newPage();

  // Draft with a cover: saved, but absent from the public blog.
  await page.goto('/admin/blog/new');
  await expect(page.getByRole('heading', { name: 'Create New Blog Post' })).toBeVisible();
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Subtitle').fill('What shipped this week');
  await page
    .getByLabel('Content', { exact: true })
    .fill('# Mining made simple\n\nOne **tap** and you are mining.');
  await page.getByLabel('Cover image').setInputFiles({
    name: 'cover.png',
    mimeType: 'image/png',
    buffer: COVER_PNG,
  });
  await expect(page.getByRole('img', { name: /cover/i })).toBeVisible();
  // No "No file chosen" beside the cover just shown.
  await expect(page.getByLabel('Cover image')).toHaveCSS('color', 'rgba(0, 0, 0, 0)');
  await page.getByRole('button', { name: 'Create Post' }).click();
  await expect(page.getByText('Post created')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/blog$/);
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row.getByText('Draft')).toBeVisible();
  const firstUpdate = await row.locator('time').nth(1).getAttribute('datetime');

  await visitor.goto('/blog');
  await expect(visitor.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
  await expect(visitor.getByText(title)).toHaveCount(0);

  // Publish: the post and its cover appear, and its Markdown heading is a heading.
  await row.getByRole('link', { name: `Edit ${title}` }).click();
  await expect(page.getByRole('heading', { name: 'Edit Blog Post' })).toBeVisible();
  await page.getByLabel('Publish').check();
  await page.getByRole('button', { name: 'Update Post' }).click();
  await expect(page.getByText('Post updated')).toBeVisible();
  await expect(row.getByText('Published')).toBeVisible();
  await expect(row.locator('time').nth(1)).not.toHaveAttribute('datetime', firstUpdate ?? '');

  await visitor.reload();
  const card = visitor.getByRole('article').filter({ hasText: title });
  await expect(card.getByRole('img', { name: title })).toBeVisible();
  await card.getByRole('link', { name: title }).click();
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(visitor.getByRole('heading', { name: 'Mining made simple' })).toBeVisible();
  await expect(visitor.getByText(/^Published on /)).toBeVisible();
  const postUrl = visitor.url();

  // Delete, after the spec's confirmation: the public page is gone too.
  await page.getByRole('button', { name: `Delete ${title}` }).click();
  await expect(
    page.getByText('Are you sure you want to delete this post? This action cannot be undone.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Post deleted')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(0);

  await visitor.goto(postUrl);
  await expect(visitor.getByText('Post Not Found')).toBeVisible();
  await visitor.context().close();
});

test('the blog has an RSS feed and link previews for its posts', async ({ request }) => {
  const feed = await request.get('/blog/rss.xml');
  expect(feed.status()).toBe(200);
  expect(await feed.text()).toContain('<rss version="2.0"');
  const { items } = (await (await request.get('/api/blog/posts')).json()) as {
    items: { id: string; title: string }[];
  };
  const post = items[0];
  expect(post).toBeTruthy();
  const html = await (await request.get(`/blog/${post?.id}`)).text();
  expect(html).toContain('<meta property="og:title"');
  expect(html).toContain(post?.title.replaceAll('&', '&amp;') ?? '');
});
