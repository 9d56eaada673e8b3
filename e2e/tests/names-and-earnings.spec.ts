import { expect, type Page, test } from '@playwright/test';
import { apiPost, uniqueEmail, usernameFor, verifiedUser } from '../support/api.ts';
import { signedInPage } from '../support/session.ts';

/** What a member notices of names (decision 055) and of mining's pending earnings. */

const comment = (page: Page, name: string) =>
  page.getByRole('article', { name: `Comment by ${name}` });

test('members in a thread have names; you, the original poster and a deleted account are told apart', async ({
  browser,
  request,
  baseURL,
}) => {
  test.slow();
  const authorEmail = uniqueEmail('author');
  const readerEmail = uniqueEmail('reader');
  const leaverEmail = uniqueEmail('leaver');
  const newcomerEmail = uniqueEmail('newcomer');
  const author = usernameFor(authorEmail);
  const reader = usernameFor(readerEmail);
  await verifiedUser(request, baseURL, authorEmail, { username: author });
  await verifiedUser(request, baseURL, readerEmail, { username: reader });
  await verifiedUser(request, baseURL, leaverEmail);
  await verifiedUser(request, baseURL, newcomerEmail, { username: null });

  const authorPage = await signedInPage(browser, authorEmail);
  const title = `Names at ${Date.now()}`;
  const created = await apiPost(authorPage.request, baseURL, '/api/community/posts', {
    title,
    content: 'Who is who here?',
  });
  expect(created.status()).toBe(201);
  const { id: postId } = (await created.json()) as { id: string };
  const say = async (page: Page, content: string) =>
    expect(
      (
        await apiPost(page.request, baseURL, `/api/community/posts/${postId}/comments`, {
          content,
        })
      ).status(),
    ).toBe(201);
  await say(authorPage, 'The author answers.');
  const readerPage = await signedInPage(browser, readerEmail);
  await say(readerPage, 'A reader says hello.');

  // An account that commented, then was deleted.
  const leaverPage = await signedInPage(browser, leaverEmail);
  await say(leaverPage, 'Soon gone.');
  const deleted = await apiPost(leaverPage.request, baseURL, '/api/account/delete', {
    email: leaverEmail,
  });
  expect(deleted.status()).toBe(200);

  await authorPage.goto(`/community/${postId}`);
  await expect(authorPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(authorPage.getByText(`Posted by u/${author}`)).toBeVisible();
  const own = comment(authorPage, `u/${author}`);
  await expect(own).toContainText('The author answers.');
  await expect(own.getByText('OP', { exact: true })).toBeVisible();
  await expect(own.getByText('you', { exact: true })).toBeVisible();
  const other = comment(authorPage, `u/${reader}`);
  await expect(other).toContainText('A reader says hello.');
  await expect(other.getByText('OP', { exact: true })).toHaveCount(0);
  await expect(other.getByText('you', { exact: true })).toHaveCount(0);
  const gone = comment(authorPage, 'Deleted account');
  await expect(gone).toContainText('Soon gone.');
  await expect(authorPage.getByText(/Anonymous|Unknown/)).toHaveCount(0);

  // The reader sees the same names, with "you" on their own words instead.
  await readerPage.goto(`/community/${postId}`);
  await expect(comment(readerPage, `u/${reader}`).getByText('you', { exact: true })).toBeVisible();
  await expect(comment(readerPage, `u/${author}`).getByText('OP', { exact: true })).toBeVisible();
  await expect(comment(readerPage, `u/${author}`).getByText('you', { exact: true })).toHaveCount(0);

  // A member without a username is asked for one in the composer, and the comment then goes on.
  const newcomerPage = await signedInPage(browser, newcomerEmail);
  await newcomerPage.goto(`/community/${postId}`);
  await newcomerPage.getByLabel('Add a comment').fill('My very first words.');
  await newcomerPage.getByRole('button', { name: 'Post Comment' }).click();
  const step = newcomerPage.getByRole('group', { name: 'Choose a username to post' });
  await expect(step).toBeVisible();
  await expect(newcomerPage.getByLabel('Add a comment')).toHaveValue('My very first words.');
  const chosen = usernameFor('firstpost');
  await step.getByLabel('Username').fill(chosen);
  await newcomerPage.getByRole('button', { name: 'Save and comment' }).click();
  const first = comment(newcomerPage, `u/${chosen}`);
  await expect(first).toContainText('My very first words.');
  await expect(first.getByText('you', { exact: true })).toBeVisible();
  await expect(step).toHaveCount(0);
});

test('the wallet shows what mining has earned and not yet credited, and when it is', async ({
  browser,
  request,
  baseURL,
}) => {
  test.slow();
  const email = uniqueEmail('pending');
  await verifiedUser(request, baseURL, email);
  const page = await signedInPage(browser, email);
  await page.getByRole('button', { name: 'Start Mining' }).click();
  await expect(page.getByRole('button', { name: 'Stop Mining' })).toBeVisible();

  const pending = /^\+(\d+\.\d{8}) BTCP pending, credited every minute$/;
  await expect(page.getByText(pending)).toBeVisible();

  await page.getByRole('link', { name: 'Wallet' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Wallet' })).toBeVisible();
  const line = page.getByText(pending);
  await expect(line).toBeVisible();
  // It grows while the balance stays the ledger's figure, zero until the first credit.
  const amount = async () => Number(pending.exec((await line.textContent()) ?? '')?.[1]);
  const before = await amount();
  await expect.poll(amount, { timeout: 10_000 }).toBeGreaterThan(before);
  await expect(page.getByText('.00000000', { exact: true }).first()).toBeVisible();
});
