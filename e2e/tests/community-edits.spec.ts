import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { signInAdmin, uniqueEmail, verifiedUser } from '../support/api.ts';
import { signedInPage } from '../support/session.ts';

async function makeModerator(
  request: APIRequestContext,
  baseURL: string | undefined,
  userId: string,
) {
  await signInAdmin(request, baseURL);
  const response = await request.patch(`/api/admin/users/${userId}`, {
    data: { isModerator: true },
    headers: { origin: new URL(baseURL ?? '').origin },
  });
  expect(response.status()).toBe(200);
}

/** The "edited" label beside a date: a <time> whose text starts with "edited". */
const editedLabel = (scope: Page | ReturnType<Page['locator']>) =>
  scope.locator('time', { hasText: /^edited/ });

test('an author edits their post and comment, both show "edited", and a moderator reads what they said before', async ({
  browser,
  request,
  baseURL,
}) => {
  test.slow();
  const stamp = Date.now();
  const author = uniqueEmail('editor');
  const moderatorEmail = uniqueEmail('edit-moderator');
  await verifiedUser(request, baseURL, author);
  const moderator = await verifiedUser(request, baseURL, moderatorEmail);
  await makeModerator(request, baseURL, moderator.id);

  const authorPage = await signedInPage(browser, author);
  const created = await authorPage.request.post('/api/community/posts', {
    data: { title: `Rig notes ${stamp}`, content: 'First draft of my notes.' },
    headers: { origin: new URL(baseURL ?? '').origin },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  // The author edits the post's text in place; Escape would cancel, Save keeps it.
  await authorPage.goto(`/community/${id}`);
  await authorPage.getByRole('button', { name: 'Edit post' }).click();
  const content = authorPage.getByLabel('Content');
  await expect(content).toHaveValue('First draft of my notes.');
  await content.fill('Second draft, with temperatures.');
  await authorPage.getByRole('button', { name: 'Save' }).click();
  await expect(authorPage.getByText('Second draft, with temperatures.')).toBeVisible();
  await expect(authorPage.getByRole('button', { name: 'Edit post' })).toBeFocused();
  await expect(editedLabel(authorPage)).toHaveCount(1);

  // A comment, then its edit.
  await authorPage.getByLabel('Add a comment').fill('Forgot to say: 3 laptops.');
  await authorPage.getByRole('button', { name: 'Post Comment' }).click();
  await expect(authorPage.getByText('Forgot to say: 3 laptops.')).toBeVisible();
  await authorPage.getByRole('button', { name: 'Edit comment' }).click();
  const box = authorPage.getByLabel('Edit comment', { exact: true });
  await box.fill('Forgot to say: 4 laptops.');
  await authorPage.getByRole('button', { name: 'Save' }).click();
  await expect(authorPage.getByText('Forgot to say: 4 laptops.')).toBeVisible();
  await expect(editedLabel(authorPage)).toHaveCount(2);

  // Everyone sees "edited" after a reload, the new text included.
  await authorPage.reload();
  await expect(authorPage.getByText('Second draft, with temperatures.')).toBeVisible();
  await expect(editedLabel(authorPage)).toHaveCount(2);
  await expect(authorPage.getByRole('button', { name: 'View edit history' })).toHaveCount(0);

  // The moderator opens each history and finds the earlier text.
  const moderatorPage = await signedInPage(browser, moderatorEmail);
  await moderatorPage.goto(`/community/${id}`);
  await expect(moderatorPage.getByText('Second draft, with temperatures.')).toBeVisible();
  const historyButtons = moderatorPage.getByRole('button', { name: 'View edit history' });
  await expect(historyButtons).toHaveCount(2);
  await historyButtons.first().click();
  const dialog = moderatorPage.getByRole('dialog', { name: 'Edit history' });
  await expect(dialog.getByText('First draft of my notes.')).toBeVisible();
  await expect(dialog.getByText('Second draft, with temperatures.')).toBeVisible();
  await moderatorPage.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(historyButtons.first()).toBeFocused();
  await historyButtons.last().click();
  await expect(dialog.getByText('Forgot to say: 3 laptops.')).toBeVisible();
});
