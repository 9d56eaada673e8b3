import { expect, test } from '@playwright/test';
import { cheapenSignUp, PASSWORD, signInAdmin, solvedProof, uniqueEmail } from '../support/api.ts';
import { horizontalOverflow } from '../support/session.ts';

/**
 * A farm signs up from one network (203.0.113.0/24, through the proxy header the e2e server
 * trusts, so no other journey's accounts share it); the admin finds it under Signals and bans it.
 */
const FARM_NETWORK = '203.0.113.0/24';

test('an admin opens Signals, sees a farmed cluster and bans all of it', async ({
  page,
  request,
  baseURL,
}) => {
  await cheapenSignUp(baseURL);
  const farmed = Array.from({ length: 4 }, () => uniqueEmail('farm'));
  for (const [index, email] of farmed.entries()) {
    const response = await request.post('/api/auth/register', {
      data: {
        email,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        acceptTerms: true,
        proof: await solvedProof(request),
      },
      headers: {
        origin: new URL(baseURL ?? '').origin,
        'x-forwarded-for': `203.0.113.${10 + index}`,
      },
    });
    expect(response.status()).toBe(201);
  }

  await signInAdmin(page.request, baseURL);
  await page.goto('/admin/users');
  await page.getByRole('tab', { name: /Signals/ }).click();
  const cluster = page
    .getByRole('list', { name: 'Signals' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: FARM_NETWORK }) });
  await expect(cluster).toBeVisible();
  await expect(cluster.getByText(/^4 accounts/)).toBeVisible();
  await cluster.getByText('Show accounts').click();
  for (const email of farmed) await expect(cluster.getByText(email)).toBeVisible();
  // On a phone the accounts' table scrolls in its own frame; the page never widens.
  await page.setViewportSize({ width: 375, height: 812 });
  expect(await horizontalOverflow(page)).toBe(0);
  await page.setViewportSize({ width: 1440, height: 900 });

  // Ban: every listed account starts ticked (a network has no referrer to leave out), a reason is
  // required, then every account of the cluster is banned.
  await cluster.getByRole('button', { name: 'Ban accounts' }).click();
  const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
  await expect(
    dialog.getByRole('heading', { name: 'Ban accounts of this cluster?' }),
  ).toBeVisible();
  for (const email of farmed)
    await expect(dialog.getByRole('checkbox', { name: email })).toBeChecked();
  await dialog.getByRole('button', { name: 'Ban 4 accounts' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Enter a reason for the ban');
  await dialog.getByLabel('Reason').fill('One network, four accounts in a minute');
  await dialog.getByRole('button', { name: 'Ban 4 accounts' }).click();
  await expect(page.getByText('Banned 4 accounts')).toBeVisible();
  await expect(cluster).toHaveCount(0);

  // Every one of them is banned now.
  for (const email of farmed) {
    const found = await page.request.get(`/api/admin/users?search=${encodeURIComponent(email)}`);
    const { items } = (await found.json()) as { items: { email: string; isBanned: boolean }[] };
    expect(items).toEqual([expect.objectContaining({ email, isBanned: true })]);
  }
});
