import { expect, test } from '@playwright/test';
import { PASSWORD, signInAdmin, uniqueEmail, verifiedUser } from '../support/api.ts';

test('mining shows in another browser, and the reward lands in the open wallet without a reload', async ({
  browser,
  request,
  baseURL,
}) => {
  const email = uniqueEmail('miner');
  await verifiedUser(request, baseURL, email);

  const context = await browser.newContext();
  const dashboard = await context.newPage();
  await dashboard.goto('/login');
  await dashboard.getByLabel('Email').fill(email);
  await dashboard.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dashboard.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(dashboard).toHaveURL(/\/dashboard$/);

  const wallet = await context.newPage();
  await wallet.goto('/wallet');
  await expect(wallet.getByRole('heading', { level: 1, name: 'Wallet' })).toBeVisible();
  await expect(wallet.getByText('No transactions yet')).toBeVisible();

  await dashboard.getByRole('button', { name: 'Start Mining' }).click();
  await expect(dashboard.getByRole('button', { name: 'Stop Mining' })).toBeVisible();

  // A second browser, same account: the session is already running elsewhere.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await otherPage.goto('/login');
  await otherPage.getByLabel('Email').fill(email);
  await otherPage.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await otherPage.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(otherPage.getByRole('button', { name: 'Mining In Another Browser' })).toBeDisabled();

  await dashboard.waitForTimeout(3_000);
  await dashboard.getByRole('button', { name: 'Stop Mining' }).click();
  await expect(dashboard.getByText('Mining reward received!')).toBeVisible();
  await expect(dashboard.getByRole('button', { name: 'Start Mining' })).toBeVisible();
  // The other browser hears that mining stopped.
  await expect(otherPage.getByRole('button', { name: 'Start Mining' })).toBeVisible();

  // The open wallet page got the reward live.
  await expect(wallet.getByRole('cell', { name: 'Mining', exact: true }).first()).toBeVisible();
  await expect(wallet.getByRole('cell', { name: /^\+\d+\.\d{8}$/ }).first()).toBeVisible();
  await other.close();

  // An admin adds coins; the open wallet page updates at once.
  await signInAdmin(request, baseURL);
  const found = (await (
    await request.get(`/api/admin/wallets?search=${encodeURIComponent(email)}`)
  ).json()) as {
    items: { userId: string }[];
  };
  const adjusted = await request.post(`/api/admin/wallets/${found.items[0]?.userId}/adjust`, {
    data: { mode: 'add', amount: '25' },
    headers: { origin: new URL(baseURL ?? '').origin, 'idempotency-key': crypto.randomUUID() },
  });
  expect(adjusted.status()).toBe(200);
  await expect(wallet.getByText('+25.00000000')).toBeVisible();
  await expect(wallet.getByText(/25\.0\d{7}/).first()).toBeVisible();
  await context.close();
});
