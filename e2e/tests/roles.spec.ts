import { type APIRequestContext, expect, test } from '@playwright/test';
import { signInAdmin, uniqueEmail, verifiedUser } from '../support/api.ts';
import { signedInPage } from '../support/session.ts';

const BANNED_REASON = /Your account is banned/;

async function setFlags(
  request: APIRequestContext,
  baseURL: string | undefined,
  userId: string,
  flags: { isBanned?: boolean; isModerator?: boolean },
) {
  await signInAdmin(request, baseURL);
  const response = await request.patch(`/api/admin/users/${userId}`, {
    data: flags,
    headers: { origin: new URL(baseURL ?? '').origin },
  });
  expect(response.status()).toBe(200);
}

test('a banned user sees posting, commenting, voting and mining disabled, with the reason', async ({
  browser,
  request,
  baseURL,
}) => {
  const author = uniqueEmail('author');
  await verifiedUser(request, baseURL, author);
  const authorPage = await signedInPage(browser, author);
  const created = await authorPage.request.post('/api/community/posts', {
    data: { title: `Before the ban ${Date.now()}`, content: 'Hello.' },
    headers: { origin: new URL(baseURL ?? '').origin },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await authorPage.context().close();

  const email = uniqueEmail('banned');
  const banned = await verifiedUser(request, baseURL, email);
  await setFlags(request, baseURL, banned.id, { isBanned: true });
  const page = await signedInPage(browser, email);

  // Dashboard: mining disabled with the reason, no referral bonus promised.
  await expect(page.getByRole('banner').getByText('Account Banned')).toBeVisible();
  const start = page.getByRole('button', { name: 'Start Mining' });
  await expect(start).toBeDisabled();
  await expect(start).toHaveAccessibleDescription(/banned/);
  await expect(page.getByText(/referrals earn you no bonus/)).toBeVisible();

  // Community (a public page): the label stays, Create Post and votes are disabled, the reason shown.
  await page.goto('/community');
  await expect(page.getByRole('banner').getByText('Account Banned')).toBeVisible();
  await expect(page.getByRole('note').filter({ hasText: BANNED_REASON })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Post' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Upvote' }).first()).toBeDisabled();

  // The post: no comment box, the reason instead; votes disabled.
  await page.goto(`/community/${id}`);
  await expect(page.getByRole('note').filter({ hasText: BANNED_REASON })).toBeVisible();
  await expect(page.getByPlaceholder('What are your thoughts?')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Downvote' }).first()).toBeDisabled();
  await page.context().close();
});

test('a moderator reaches moderation from the sidebar, sees Moderator, and finds the way back', async ({
  browser,
  request,
  baseURL,
}) => {
  const email = uniqueEmail('mod');
  const moderator = await verifiedUser(request, baseURL, email);
  await setFlags(request, baseURL, moderator.id, { isModerator: true });
  const page = await signedInPage(browser, email);

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Moderation' })
    .click();
  await expect(page).toHaveURL(/\/admin\/community$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Community Management' })).toBeVisible();
  await expect(page.getByText('Moderator', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Admin', { exact: true })).toHaveCount(0);

  await page.getByRole('link', { name: 'Back to your dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.context().close();
});
