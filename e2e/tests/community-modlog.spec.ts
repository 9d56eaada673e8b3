import { expect, test } from '@playwright/test';
import {
  apiPost,
  E2E_ADMIN,
  PASSWORD,
  signInAdmin,
  uniqueEmail,
  verifiedUser,
} from '../support/api.ts';

test('a removal with a reason shows in the Mod Log tab with who did it, and publicly without', async ({
  browser,
  request,
  baseURL,
}) => {
  test.slow();
  const stamp = Date.now();
  const title = `Cheap coins ${stamp}`;
  const reason = `Spam, rule 3 (${stamp})`;
  const author = uniqueEmail('modlog-author');
  await verifiedUser(request, baseURL, author);
  await apiPost(request, baseURL, '/api/auth/login', { email: author, password: PASSWORD });
  const created = await apiPost(request, baseURL, '/api/community/posts', {
    title,
    content: 'Buy now, limited offer.',
  });
  expect(created.status()).toBe(201);

  // An admin removes the post, giving a reason in the dialog.
  const admin = await (await browser.newContext()).newPage();
  await signInAdmin(admin.request, baseURL);
  await admin.goto('/admin/community');
  await admin.getByLabel('Search posts').fill(title);
  const row = admin.getByRole('row').filter({ hasText: title });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: `Actions: ${title}` }).click();
  await admin.getByRole('menuitem', { name: 'Remove Post' }).click();
  const dialog = admin.getByRole('alertdialog', { name: 'Remove this post?' });
  await dialog.getByLabel('Reason (optional)').fill(reason);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(admin.getByText('Post has been marked as removed.')).toBeVisible();

  // The Mod Log tab: who, what, on which post and why.
  await admin.getByRole('tab', { name: 'Mod Log' }).click();
  const entry = admin.getByRole('row').filter({ hasText: reason });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText(E2E_ADMIN.email);
  await expect(entry).toContainText('Removed post');
  await expect(entry).toContainText(title);
  await admin.getByLabel('Action').selectOption({ label: 'Removed post' });
  await expect(admin.getByRole('row').filter({ hasText: reason })).toHaveCount(1);
  await admin.getByLabel('Moderator').selectOption({ label: E2E_ADMIN.email });
  await expect(admin.getByRole('row').filter({ hasText: reason })).toHaveCount(1);

  // Everyone may read the log, without the moderator's name; the community links to it.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/community');
  await visitor.getByRole('link', { name: 'Moderation log' }).click();
  await expect(visitor).toHaveURL(/\/community\/modlog$/);
  await expect(visitor).toHaveTitle('Moderation Log | BTCP');
  await expect(visitor.getByRole('heading', { level: 1, name: 'Moderation Log' })).toBeVisible();
  const shown = visitor.getByRole('row').filter({ hasText: reason });
  await expect(shown).toHaveCount(1);
  await expect(shown).toContainText('Removed post');
  await expect(shown).toContainText(title);
  await expect(visitor.getByRole('columnheader', { name: 'Moderator' })).toHaveCount(0);
  await expect(visitor.getByText(E2E_ADMIN.email)).toHaveCount(0);
  // A removed post is not linked from the public log.
  await expect(shown.getByRole('link')).toHaveCount(0);
});
