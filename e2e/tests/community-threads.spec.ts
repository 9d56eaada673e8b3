import { expect, type Page, test } from '@playwright/test';
import { apiPost, uniqueEmail, verifiedUser } from '../support/api.ts';
import { horizontalOverflow, signedInPage } from '../support/session.ts';

/** The <li> holding a comment and its replies, found by the comment's own text. */
const thread = (page: Page, text: string) =>
  page
    .getByRole('listitem')
    .filter({ has: page.getByText(text, { exact: true }) })
    .first();

async function reply(page: Page, parentText: string, text: string) {
  const parent = page.getByRole('article').filter({ hasText: parentText }).first();
  await parent.getByRole('button', { name: 'Reply' }).click();
  const box = page.getByRole('textbox', { name: /^Reply to u\// });
  await box.fill(text);
  await page
    .getByRole('button', { name: 'Reply', exact: true })
    .and(page.locator('[type=submit]'))
    .click();
  await expect(page.getByText(text, { exact: true })).toBeVisible();
}

test('members reply to each other in a thread that collapses and expands', async ({
  browser,
  baseURL,
  request,
}) => {
  test.slow();
  const stamp = Date.now();
  const [poster, second, third] = ['poster', 'replier', 'third'].map((who) => uniqueEmail(who));
  for (const email of [poster, second, third])
    await verifiedUser(request, baseURL, email as string);

  const posterPage = await signedInPage(browser, poster as string);
  const created = await apiPost(posterPage.request, baseURL, '/api/community/posts', {
    title: `Threads ${stamp}`,
    content: 'Who mines at night?',
  });
  const postId = ((await created.json()) as { id: string }).id;

  // A member comments.
  await posterPage.goto(`/community/${postId}`);
  await posterPage.getByLabel('Add a comment').fill('I mine at night.');
  await posterPage.getByRole('button', { name: 'Post Comment' }).click();
  await expect(posterPage.getByText('I mine at night.', { exact: true })).toBeVisible();

  // Another replies to that comment, a third replies to the reply.
  const secondPage = await signedInPage(browser, second as string);
  await secondPage.goto(`/community/${postId}`);
  await reply(secondPage, 'I mine at night.', 'So do I, it is cooler.');
  const thirdPage = await signedInPage(browser, third as string);
  await thirdPage.goto(`/community/${postId}`);
  await reply(thirdPage, 'So do I, it is cooler.', 'Cooler and cheaper power.');

  // Each reply shows nested under its parent, after a reload too.
  // The app has taken the page over once it asks for the bell's count (the server renders the rest).
  await Promise.all([
    thirdPage.waitForResponse((response) => response.url().includes('/api/notifications/unread')),
    thirdPage.reload(),
  ]);
  const top = thread(thirdPage, 'I mine at night.');
  const replies = top.getByRole('list', { name: 'Replies to this comment' }).first();
  await expect(replies.getByText('So do I, it is cooler.')).toBeVisible();
  const nested = thread(thirdPage, 'So do I, it is cooler.').getByRole('list').first();
  await expect(nested.getByText('Cooler and cheaper power.')).toBeVisible();

  // Collapsing the top comment hides the replies; expanding (from the keyboard) shows them.
  const collapse = top.getByRole('button', { name: 'Collapse thread' }).first();
  await collapse.click();
  await expect(thirdPage.getByText('So do I, it is cooler.')).toBeHidden();
  await expect(thirdPage.getByText('Cooler and cheaper power.')).toBeHidden();
  // The collapsed comment shows its header only (its text is folded too), with what it hides.
  await expect(thirdPage.getByText('(2 replies hidden)')).toBeVisible();
  const expand = thirdPage.getByRole('button', { name: 'Expand thread' });
  await expect(expand).toHaveAttribute('aria-expanded', 'false');
  await expand.press('Enter');
  await expect(thirdPage.getByText('Cooler and cheaper power.')).toBeVisible();

  // Narrow phones keep the nested thread inside the screen.
  await thirdPage.setViewportSize({ width: 375, height: 800 });
  expect(await horizontalOverflow(thirdPage)).toBeLessThanOrEqual(0);
});
