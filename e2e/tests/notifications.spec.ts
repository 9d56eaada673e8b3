import { expect, test } from '@playwright/test';
import { apiPost, uniqueEmail, verifiedUser } from '../support/api.ts';
import { signedInPage } from '../support/session.ts';

test('a comment on my open post rings my bell live; I read it and mark all read', async ({
  browser,
  request,
  baseURL,
}) => {
  // Two signed-in browsers and a live event stream on a loaded two-core machine.
  test.slow();
  const stamp = Date.now();
  const title = `Fan noise at ${stamp}`;
  const authorEmail = uniqueEmail('notified');
  const replierEmail = uniqueEmail('replier');
  await verifiedUser(request, baseURL, authorEmail);
  await verifiedUser(request, baseURL, replierEmail);

  // Member A writes a post and keeps it open.
  const author = await signedInPage(browser, authorEmail);
  const created = await apiPost(author.request, baseURL, '/api/community/posts', {
    title,
    content: 'How loud is yours?',
  });
  expect(created.status()).toBe(201);
  const { id: postId } = (await created.json()) as { id: string };
  await author.goto(`/community/${postId}`);
  await expect(author.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const bell = author.getByRole('banner').getByRole('link', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications');

  // Member B, with a username, comments on it from another browser.
  const replier = await signedInPage(browser, replierEmail);
  const username = `replier_${stamp % 1_000_000}`;
  const named = await replier.request.patch('/api/account', {
    data: { username },
    headers: { origin: new URL(baseURL ?? '').origin },
  });
  expect(named.status()).toBe(200);
  await replier.goto(`/community/${postId}`);
  await replier.getByLabel('Add a comment').fill('Quieter than my fridge.');
  await replier.getByRole('button', { name: 'Post Comment' }).click();
  await expect(replier.getByText('Comment added')).toBeVisible();

  // A's bell hears it without a reload.
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');

  // A opens the list, sees the notice, marks all read; the bell goes quiet.
  await bell.click();
  await expect(author).toHaveURL(/\/notifications$/);
  await expect(author).toHaveTitle('Notifications | BTCP');
  const notices = author.getByRole('list', { name: 'Notifications' });
  await expect(
    notices.getByRole('link', { name: `u/${username} replied to your post “${title}”` }),
  ).toBeVisible();
  await expect(notices).toContainText('Quieter than my fridge.');
  await author.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(author.getByRole('link', { name: /^Notifications/ })).toHaveAccessibleName(
    'Notifications',
  );
  await expect(author.getByRole('button', { name: /^Mark as read/ })).toHaveCount(0);
});
