import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { apiPost, signInAdmin, uniqueEmail, verifiedUser } from '../support/api.ts';
import { horizontalOverflow, signedInPage } from '../support/session.ts';

interface ProofRecord {
  id: number;
  leafCount: number;
  total: string;
  digest: string;
  previous: string | null;
}

const grouped = (decimal: string) => {
  const [whole = '0', fraction = ''] = decimal.split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
};
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A member who mined for a few seconds, on their dashboard. */
async function minedMember(page: Page) {
  await page.getByRole('button', { name: 'Start Mining' }).click();
  await expect(page.getByRole('button', { name: 'Stop Mining' })).toBeVisible();
  await page.waitForTimeout(3_000);
  await page.getByRole('button', { name: 'Stop Mining' }).click();
  await expect(page.getByText('Mining reward received!')).toBeVisible();
}

/** Another member with coins, so the tree has siblings whatever ran before. */
async function anotherMemberWithCoins(request: APIRequestContext, baseURL: string | undefined) {
  const email = uniqueEmail('proof-other');
  const { id } = await verifiedUser(request, baseURL, email);
  await signInAdmin(request, baseURL);
  const adjusted = await request.post(`/api/admin/wallets/${id}/adjust`, {
    data: { mode: 'add', amount: '25' },
    headers: { origin: new URL(baseURL ?? '').origin, 'idempotency-key': crypto.randomUUID() },
  });
  expect(adjusted.status()).toBe(200);
}

/** The admin's "Take a snapshot now", through the API: its signed record. */
async function snapshotNow(request: APIRequestContext, baseURL: string | undefined) {
  await signInAdmin(request, baseURL);
  const taken = await apiPost(request, baseURL, '/api/admin/proof/snapshots', {});
  expect(taken.status()).toBe(201);
  return (await taken.json()) as ProofRecord;
}

test('a member who mined sees Verified on the wallet card, and the failure when a sibling is altered on the way', async ({
  browser,
  request,
  baseURL,
}) => {
  // Two members made, one mining for real, a snapshot signed: more than the default 30 s allows.
  test.setTimeout(90_000);
  const email = uniqueEmail('prover');
  await verifiedUser(request, baseURL, email);
  await anotherMemberWithCoins(request, baseURL);
  const page = await signedInPage(browser, email);
  await minedMember(page);
  const record = await snapshotNow(request, baseURL);
  const { balance } = (await (await page.request.get('/api/wallet')).json()) as { balance: string };

  await page.goto('/wallet');
  const card = page.getByRole('region', { name: 'Proof of balance' });
  await expect(card.getByText('Verified', { exact: true })).toBeVisible();
  const accounts = `${record.leafCount} account${record.leafCount === 1 ? '' : 's'}`;
  await expect(
    card.getByText(
      new RegExp(
        `^Your balance of ${escaped(grouped(balance))} BTCP on \\w+ \\d{1,2}, \\d{4} is counted in the published total of ${escaped(grouped(record.total))} BTCP across ${accounts}\\.$`,
      ),
    ),
  ).toBeVisible();

  // "Download proof" saves what an offline verifier needs.
  const downloading = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Download proof' }).click();
  const file = await (await downloading).path();
  const saved = JSON.parse(await readFile(file, 'utf8')) as {
    proof: { snapshotId: number; amount: string; siblings: unknown[] };
    record: ProofRecord;
    publicKey: string;
  };
  const key = (await (await page.request.get('/api/proof/key')).json()) as { publicKey: string };
  expect(saved.record.digest).toBe(record.digest);
  expect(saved.proof).toMatchObject({ snapshotId: record.id, amount: balance });
  expect(saved.publicKey).toBe(key.publicKey);

  // One sibling of the proof changed between the server and the page.
  await page.route('**/api/wallet/proof', async (route) => {
    const response = await route.fetch();
    const proof = (await response.json()) as { siblings: { hash: string }[] };
    const sibling = proof.siblings[0] as { hash: string };
    sibling.hash = `${sibling.hash.slice(0, -1)}${sibling.hash.endsWith('0') ? '1' : '0'}`;
    await route.fulfill({ response, json: proof });
  });
  await page.reload();
  await expect(card.getByRole('alert')).toContainText(
    'Not verified: Your proof does not lead to the published total',
  );
  await expect(card.getByText('Verified', { exact: true })).toHaveCount(0);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('/proof arrives rendered with the newest record', async ({ page, request, baseURL }) => {
    await anotherMemberWithCoins(request, baseURL);
    const record = await snapshotNow(request, baseURL);
    await page.goto('/proof');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Proof of balances');
    const newest = page.getByRole('region', { name: 'The newest record' });
    await expect(newest.getByText(record.digest)).toBeVisible();
    await expect(
      page.getByRole('list', { name: 'Published records' }).getByRole('heading', {
        name: `Record #${record.id}`,
      }),
    ).toBeVisible();
  });
});

test('/proof checks each record in the browser and fits a phone', async ({
  browser,
  request,
  baseURL,
}) => {
  await anotherMemberWithCoins(request, baseURL);
  await snapshotNow(request, baseURL);
  const record = await snapshotNow(request, baseURL);
  const page = await browser.newPage({ viewport: { width: 375, height: 812 } });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/proof');
  const entry = page
    .getByRole('list', { name: 'Published records' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: `Record #${record.id}` }) });
  await expect(entry.getByText('Signature checks out')).toBeVisible();
  await expect(entry.getByText(`Links to record #${record.id - 1}`)).toBeVisible();
  expect(await horizontalOverflow(page)).toBe(0);
  expect(errors).toEqual([]);
});
