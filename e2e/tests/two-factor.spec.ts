import { expect, type Page, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { apiPost, PASSWORD, signInAdmin, uniqueEmail } from '../support/api.ts';

/**
 * Decision 027: an admin turns two-factor on from their Settings page (the key read off the page,
 * as a person would type it into an app), signs out, and signs in with the password and a code.
 */

const STEP_MS = 30_000;

/** What an authenticator app shows for the key on the page, at `now` plus `offsetMs`. */
const codeFor = (key: string, offsetMs = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(key), timestamp: Date.now() + offsetMs });

async function passwordStep(page: Page, email: string) {
  await page.goto('/admin-login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
}

test('an admin turns two-factor on, then signs in with the password and a code', async ({
  page,
  request,
  baseURL,
}) => {
  // An admin of this journey's own, so the run's shared admin keeps signing in with a password.
  const email = uniqueEmail('totp-admin');
  await signInAdmin(request, baseURL);
  const created = await apiPost(request, baseURL, '/api/admin-auth/create', {
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
  });
  expect(created.status()).toBe(201);

  await passwordStep(page, email);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin/settings');
  const card = page
    .getByRole('heading', { name: 'Two-factor authentication', exact: true })
    .locator('xpath=ancestor::div[contains(@class, "rounded-xl")][1]');
  await expect(page.getByText('Two-factor authentication:')).toBeVisible();
  await page.getByRole('button', { name: 'Turn on two-factor' }).click();

  const qr = page.getByRole('img', { name: 'QR code to add BTCP to your authenticator app' });
  await expect(qr).toBeVisible();
  const key = ((await page.getByTestId('totp-key').textContent()) ?? '').replace(/\s/g, '');
  expect(key).toMatch(/^[A-Z2-7]{32}$/);
  await card.screenshot({ path: test.info().outputPath('enrol-card.png') });
  await page.getByLabel('Authentication code').fill(codeFor(key));
  await page.getByRole('button', { name: 'Confirm and turn on' }).click();

  const codes = page.getByRole('list', { name: 'Recovery codes' });
  await expect(codes.getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: 'I have saved my codes' }).click();
  await expect(page.getByText('On', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign out everywhere else' })).toBeVisible();

  await page.getByRole('button', { name: 'Logout' }).first().click();
  await expect(page).toHaveURL(/\/(admin-)?login$/);

  await passwordStep(page, email);
  const code = page.getByLabel('Authentication code');
  await expect(code).toBeFocused();
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(page.getByRole('button', { name: 'Use a recovery code instead' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('login-code-step.png') });
  // The code confirming the key was this time step's, and a step is accepted once: the app's
  // next code (accepted a step early, for clocks a little apart) signs in at once.
  await code.fill(codeFor(key, STEP_MS));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});
