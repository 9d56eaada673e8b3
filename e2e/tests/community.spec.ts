import { type Browser, expect, type Page, test } from '@playwright/test';
import { apiPost, PASSWORD, signInAdmin, uniqueEmail, verifiedUser } from '../support/api.ts';

/** A real 2×2 PNG, so the server's decoder and re-encoder do their whole job. */
const IMAGE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAFElEQVQImWM4kcJwIoUBhE+kMAAAI/4EsT7EV+oAAAAASUVORK5CYII=',
  'base64',
);

async function signedInPage(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return page;
}

const card = (page: Page, title: string) => page.getByRole('article').filter({ hasText: title });

test('a post with an image gets a comment and a vote, sorts reorder, and moderation removes it', async ({
  browser,
  request,
  baseURL,
}) => {
  // Three signed-in users, an upload, moderation and both sorts: a long journey, given room on a
  // loaded two-core machine.
  test.slow();
  const stamp = Date.now();
  const title = `My rig at ${stamp}`;
  const author = uniqueEmail('poster');
  const reader = uniqueEmail('reader');
  await verifiedUser(request, baseURL, author);
  await verifiedUser(request, baseURL, reader);

  // The author posts with an image.
  const authorPage = await signedInPage(browser, author);
  await authorPage.goto('/community');
  await authorPage.getByRole('button', { name: 'Create Post' }).click();
  const dialog = authorPage.getByRole('dialog');
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Content').fill('Three laptops, one browser tab each.');
  await dialog.getByLabel('Topic').selectOption({ label: 'Mining' });
  await dialog.getByLabel('Image (optional)').setInputFiles({
    name: 'rig.png',
    mimeType: 'image/png',
    buffer: IMAGE_PNG,
  });
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await expect(authorPage.getByText('Post created')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card(authorPage, title).getByRole('img', { name: title })).toBeVisible();

  // A second member comments and upvotes; score and comment count follow.
  const readerPage = await signedInPage(browser, reader);
  await readerPage.goto('/community');
  await card(readerPage, title).getByRole('link', { name: title }).click();
  await expect(readerPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await readerPage.getByLabel('Add a comment').fill('Nice setup, how warm does it get?');
  await readerPage.getByRole('button', { name: 'Post Comment' }).click();
  await expect(readerPage.getByText('Comment added')).toBeVisible();
  await expect(readerPage.getByText('Nice setup, how warm does it get?')).toBeVisible();
  const votes = readerPage.getByRole('group', { name: 'Votes' }).first();
  await votes.getByRole('button', { name: 'Upvote' }).click();
  await expect(votes.getByRole('button', { name: 'Upvote' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(votes).toContainText('1');

  await authorPage.reload();
  const authored = card(authorPage, title);
  await expect(authored.getByRole('group', { name: 'Votes' })).toContainText('1');
  await expect(authored.getByRole('link', { name: /1 Comments?/ })).toBeVisible();

  // A newer post with no votes: first under New, behind ours under Top.
  const newer = `Newer question ${stamp}`;
  await apiPost(readerPage.request, baseURL, '/api/community/posts', {
    title: newer,
    content: 'Is anyone mining on a phone?',
  });
  await authorPage.goto('/community?sort=new');
  const titles = authorPage.getByRole('article').getByRole('heading');
  const order = async () => (await titles.allTextContents()).filter((t) => t.includes(`${stamp}`));
  await expect.poll(order).toEqual([newer, title]);
  await authorPage.getByRole('button', { name: 'Top' }).click();
  await expect(authorPage).toHaveURL(/sort=top/);
  await expect.poll(order).toEqual([title, newer]);

  // A moderator's view: flag, then remove; the post leaves the public list.
  const admin = await (await browser.newContext()).newPage();
  await signInAdmin(admin.request, baseURL);
  await admin.goto('/admin/community');
  await admin.getByLabel('Search posts').fill(title);
  const row = admin.getByRole('row').filter({ hasText: title });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: `Actions: ${title}` }).click();
  await admin.getByRole('menuitem', { name: 'Flag Post' }).click();
  await admin.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(admin.getByText('Post has been marked as flagged.')).toBeVisible();
  await expect(row.getByText('flagged', { exact: false })).toBeVisible();
  await row.getByRole('button', { name: `Actions: ${title}` }).click();
  await admin.getByRole('menuitem', { name: 'Remove Post' }).click();
  await admin.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(admin.getByText('Post has been marked as removed.')).toBeVisible();

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/community');
  await expect(card(visitor, newer)).toBeVisible();
  await expect(card(visitor, title)).toHaveCount(0);

  // A visitor who votes is asked to sign in.
  await card(visitor, newer).getByRole('button', { name: 'Upvote' }).click();
  await expect(visitor.getByText('You need to sign in to vote.')).toBeVisible();

  for (const page of [authorPage, readerPage, admin, visitor]) await page.context().close();
});
