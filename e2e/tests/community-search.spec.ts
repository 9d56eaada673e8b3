import { expect, type Page, test } from '@playwright/test';
import { apiPost, PASSWORD, uniqueEmail, verifiedUser } from '../support/api.ts';

const card = (page: Page, title: string) => page.getByRole('article').filter({ hasText: title });

/** A word no other post of the run holds: the run's time in letters. */
const wordOf = (stamp: number) =>
  `zeph${stamp.toString(36).replace(/[0-9]/g, (digit) => 'qrstuvwxyz'[Number(digit)] ?? 'q')}`;

test('a visitor finds a post by a word of its content, shares the search and goes back to the feed', async ({
  browser,
  request,
  baseURL,
}) => {
  const stamp = Date.now();
  const word = wordOf(stamp);
  const found = `Cooling the rig ${stamp}`;
  const other = `Another post ${stamp}`;
  const author = uniqueEmail('searched');
  await verifiedUser(request, baseURL, author);
  await apiPost(request, baseURL, '/api/auth/login', { email: author, password: PASSWORD });
  for (const [title, content] of [
    [found, `A fan and an open window keep my ${word} running all night.`],
    [other, 'Nothing to find in here.'],
  ]) {
    const created = await apiPost(request, baseURL, '/api/community/posts', { title, content });
    expect(created.status()).toBe(201);
  }

  const page = await (await browser.newContext()).newPage();
  await page.goto('/community');
  await expect(card(page, other)).toBeVisible();

  // The search box, by keyboard: type, Enter.
  const box = page.getByRole('searchbox', { name: 'Search community' });
  await box.fill(word);
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`[?&]q=${word}`));
  await expect(
    page.getByRole('heading', { name: `Results for \u201c${word}\u201d` }),
  ).toBeVisible();
  await expect(card(page, found)).toBeVisible();
  await expect(card(page, other)).toHaveCount(0);

  // Nothing matches: said so, with the words searched.
  await box.fill(`${word}x nothing`);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText(`No posts match \u201c${word}x nothing\u201d`)).toBeVisible();

  // Back returns to the previous search, its words in the box again.
  await page.goBack();
  await expect(card(page, found)).toBeVisible();
  await expect(box).toHaveValue(word);

  // A shared search opens on its results, rendered by the server.
  const shared = await (await browser.newContext()).newPage();
  await shared.goto(`/community?q=${encodeURIComponent(word)}`);
  await expect(card(shared, found)).toBeVisible();
  await expect(shared.getByRole('searchbox', { name: 'Search community' })).toHaveValue(word);

  // Clearing returns to the feed, and the focus to the box.
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(page).not.toHaveURL(/[?&]q=/);
  await expect(card(page, other)).toBeVisible();
  await expect(card(page, found)).toBeVisible();
  await expect(box).toBeFocused();
  await expect(box).toHaveValue('');

  for (const opened of [page, shared]) await opened.context().close();
});
