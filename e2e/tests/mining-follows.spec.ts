import { expect, test } from '@playwright/test';
import { signInAdmin, uniqueEmail, verifiedUser } from '../support/api.ts';
import { signedInPage } from '../support/session.ts';

interface MiningSettings {
  rewardIntervalSeconds: number;
}

async function currentSessionId(page: import('@playwright/test').Page) {
  const status = (await (await page.request.get('/api/mining/status')).json()) as {
    session: { id: string } | null;
  };
  return status.session?.id ?? null;
}

test('mining keeps running from the dashboard to the wallet, the community and back', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const origin = { origin: new URL(baseURL ?? '').origin };
  // A short reward interval, so rewards come every few seconds; put back afterwards.
  await signInAdmin(request, baseURL);
  const saved = (await (await request.get('/api/admin/settings/mining')).json()) as MiningSettings;
  const shortened = await request.put('/api/admin/settings/mining', {
    data: { ...saved, rewardIntervalSeconds: 5 },
    headers: origin,
  });
  expect(shortened.status()).toBe(200);

  try {
    const email = uniqueEmail('follow');
    await verifiedUser(request, baseURL, email);
    const page = await signedInPage(browser, email);
    const sidebar = page.getByRole('navigation', { name: 'Main' });

    await page.getByRole('button', { name: 'Start Mining' }).click();
    await expect(page.getByRole('button', { name: 'Stop Mining' })).toBeVisible();
    const sessionId = await currentSessionId(page);
    expect(sessionId).toBeTruthy();

    await sidebar.getByRole('link', { name: 'Wallet' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Wallet' })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Mining, / })).toBeVisible();
    // The server pays each 5-s interval as it falls due (decision 014), before any 30-s ping:
    // the reward arrives live on the open wallet page.
    await expect(page.getByRole('cell', { name: 'Mining', exact: true }).first()).toBeVisible({
      timeout: 15_000,
    });
    expect(await currentSessionId(page)).toBe(sessionId);

    await sidebar.getByRole('link', { name: 'Community' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Community' })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Mining, / })).toBeVisible();
    expect(await currentSessionId(page)).toBe(sessionId);

    await page.getByRole('link', { name: /^Mining, / }).click();
    await expect(page.getByRole('button', { name: 'Stop Mining' })).toBeVisible();
    expect(await currentSessionId(page)).toBe(sessionId);
    await expect(page.getByText('Mined this session').locator('..')).not.toContainText(
      '0.00000000 BTCP',
    );

    await page.getByRole('button', { name: 'Stop Mining' }).click();
    await expect(page.getByRole('button', { name: 'Start Mining' })).toBeVisible();
    await expect(page.getByText('Last session').locator('..')).toContainText(/Mined for \d\d:/);
    expect(await currentSessionId(page)).toBeNull();
    await page.context().close();
  } finally {
    await request.put('/api/admin/settings/mining', { data: saved, headers: origin });
  }
});
