import { expect, type Page, test } from '@playwright/test';
import { apiPost, E2E_ADMIN, signInAdmin, uniqueEmail, verifiedUser } from '../support/api.ts';
import { signedInPage } from '../support/session.ts';

const card = (page: Page, title: string) => page.getByRole('article').filter({ hasText: title });

test('a member reports a post, staff remove it from Reports with a reason, the Mod Log shows it and the author’s bell counts the notice live', async ({
  browser,
  request,
  baseURL,
}) => {
  test.slow();
  const stamp = Date.now();
  const title = `Guaranteed 10x returns ${stamp}`;
  const author = uniqueEmail('reported-author');
  const reporter = uniqueEmail('reporter');
  await verifiedUser(request, baseURL, author);
  await verifiedUser(request, baseURL, reporter);

  const authorPage = await signedInPage(browser, author);
  const created = await apiPost(authorPage.request, baseURL, '/api/community/posts', {
    title,
    content: 'Send me coins and I will send back ten times as many.',
  });
  expect(created.status()).toBe(201);
  const postId = ((await created.json()) as { id: string }).id;
  const honest = `An honest question ${stamp}`;
  await apiPost(authorPage.request, baseURL, '/api/community/posts', {
    title: honest,
    content: 'What do you mine on?',
  });

  // The author is offered no Report on their own post.
  await authorPage.goto(`/community/${postId}`);
  await expect(authorPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(authorPage.getByRole('button', { name: 'Report post' })).toHaveCount(0);

  // A member reports it for market manipulation.
  const member = await signedInPage(browser, reporter);
  await member.goto(`/community/${postId}`);
  await member.getByRole('button', { name: 'Report post' }).click();
  const dialog = member.getByRole('dialog', { name: 'Report post' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('radio', { name: 'No market manipulation.' }).check();
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(member.getByText('Thanks, the moderators will take a look.')).toBeVisible();
  await expect(dialog).toBeHidden();

  // A second report is refused, in the dialog.
  await member.getByRole('button', { name: 'Report post' }).click();
  await dialog.getByRole('radio', { name: 'Other', exact: true }).check();
  await dialog.getByLabel('Tell the moderators what is wrong').fill('Still a scam');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByText('You have already reported this.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Staff see it grouped, with its count and reason, and remove it with a reason.
  const admin = await (await browser.newContext()).newPage();
  await signInAdmin(admin.request, baseURL);
  await admin.goto('/admin/community');
  await admin.getByRole('tab', { name: 'Reports' }).click();
  await admin.getByLabel('Search reports').fill(title);
  const row = admin.getByRole('row').filter({ hasText: title });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell').nth(2)).toHaveText('1');
  await expect(row.getByText('No market manipulation.')).toBeVisible();
  await row.getByRole('button', { name: `Actions: ${title}` }).click();
  await admin.getByRole('menuitem', { name: 'Remove' }).click();
  const confirm = admin.getByRole('alertdialog', { name: 'Remove this post?' });
  await confirm.getByLabel('Reason').fill('Rule 4: market manipulation');
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(admin.getByText('Item removed')).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(admin.getByText('No open reports matching your search')).toBeVisible();

  // The Mod Log shows the removal with who did it and why.
  await admin.getByRole('tab', { name: 'Mod Log' }).click();
  const entry = admin.getByRole('row').filter({ hasText: title });
  await expect(entry).toHaveCount(1);
  await expect(entry.getByText('Rule 4: market manipulation')).toBeVisible();
  await expect(entry.getByText(E2E_ADMIN.email)).toBeVisible();

  // The author, still on the post's page, is told without a reload.
  await expect(authorPage.getByRole('link', { name: 'Notifications, 1 unread' })).toBeVisible();

  // The post has left the public list.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/community?sort=new');
  await expect(card(visitor, honest)).toBeVisible();
  await expect(card(visitor, title)).toHaveCount(0);

  for (const page of [authorPage, member, admin, visitor]) await page.context().close();
});
