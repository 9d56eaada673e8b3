import { type CDPSession, expect, type Page, test } from '@playwright/test';
import { uniqueEmail, verifiedUser } from '../support/api.ts';
import { horizontalOverflow, signedInPage } from '../support/session.ts';

/**
 * Chromium's virtual authenticator stands in for a phone or a laptop's fingerprint reader: a
 * platform authenticator that keeps discoverable credentials and verifies its user.
 */
async function virtualAuthenticator(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return cdp;
}

test('a member adds a passkey on /account, signs out, and signs in with it alone', async ({
  browser,
  request,
  baseURL,
}, testInfo) => {
  const email = uniqueEmail('passkey');
  await verifiedUser(request, baseURL, email);
  const page = await signedInPage(browser, email);
  await virtualAuthenticator(page);

  await page.goto('/account');
  const card = page
    .getByRole('heading', { name: 'Passkeys', exact: true })
    .locator('xpath=ancestor::div[contains(@class, "rounded-xl")][1]');
  await expect(page.getByText('No passkeys yet.')).toBeVisible();
  // Signing in a moment ago counts as entering the password: no dialog before adding.
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByText('Passkey added')).toBeVisible();
  // Named after the browser it was added from; the member may rename it.
  await expect(card.getByText(/^Chrome on /)).toBeVisible();
  await expect(card.getByText('Never used')).toBeVisible();
  await card.screenshot({ path: testInfo.outputPath('passkeys-card.png') });
  expect(await horizontalOverflow(page)).toBe(0);

  await page.getByRole('button', { name: 'Logout' }).first().click();
  await expect(page).toHaveURL(/\/login/);

  const signInWithPasskey = page.getByRole('button', { name: 'Sign in with a passkey' });
  await expect(signInWithPasskey).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('login.png') });
  await signInWithPasskey.click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/account');
  await expect(card.getByText(/Last used/)).toBeVisible();
  await page.context().close();
});
