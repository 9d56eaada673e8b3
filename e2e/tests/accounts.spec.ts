import { expect, type Page, test } from '@playwright/test';
import {
  apiPost,
  E2E_ADMIN,
  mailedLink,
  PASSWORD,
  uniqueEmail,
  verifiedUser,
} from '../support/api.ts';

// The first test bootstraps the first admin, so the journeys in this file run in order.
test.describe.configure({ mode: 'serial' });

const ADMIN_EMAIL = E2E_ADMIN.email;
const ADMIN_PASSWORD = E2E_ADMIN.password;

async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

test('first-run /create-admin signs the admin in, ban a user, and that user sees Account Banned', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const victim = uniqueEmail('victim');
  await verifiedUser(request, baseURL, victim);

  await page.goto('/create-admin');
  await page.getByLabel('Email').fill(ADMIN_EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByLabel('Confirm Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Create Admin' }).click();
  // Decision 057: signed in as the new admin at once, not sent to type it all again.
  await expect(
    page.getByText(`Admin ${ADMIN_EMAIL} created successfully. You are signed in.`),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  // The bootstrap is closed now.
  const closed = await apiPost(request, baseURL, '/api/admin-auth/create', {
    email: uniqueEmail('intruder'),
    password: ADMIN_PASSWORD,
    confirmPassword: ADMIN_PASSWORD,
  });
  expect(closed.status()).toBe(403);

  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  // The System card: the operator's figures, measured by the server when the page asks.
  await expect(page.getByRole('heading', { level: 2, name: 'System' })).toBeVisible();
  await expect(page.getByText('Database round trip')).toBeVisible();
  await expect(page.getByText(/^\d+\.\d ms$/)).toBeVisible();

  await page.getByRole('link', { name: 'Users' }).first().click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await page
    .getByRole('searchbox')
    .or(page.getByPlaceholder('Search by email or username'))
    .first()
    .fill(victim);
  const banSwitch = page.getByRole('switch', { name: `Banned: ${victim}` });
  await expect(banSwitch).toBeVisible();
  await banSwitch.click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Ban user' }).click();
  await expect(banSwitch).toHaveAttribute('aria-checked', 'true');

  const userContext = await browser.newContext();
  const userPage = await userContext.newPage();
  await signIn(userPage, victim);
  await expect(userPage).toHaveURL(/\/dashboard$/);
  await expect(userPage.getByText('Account Banned')).toBeVisible();
  await userContext.close();
});

test('register with a referral link, verify from the outbox, log in, see the dashboard', async ({
  page,
  request,
  baseURL,
}) => {
  const referrer = await verifiedUser(request, baseURL, uniqueEmail('referrer'));
  const email = uniqueEmail('newcomer');

  await page.goto(`/register?ref=${referrer.referralCode}`);
  await expect(page.getByLabel('Referral code (optional)')).toHaveValue(referrer.referralCode);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  // The terms open in a new tab; the form keeps what was typed.
  const termsTab = page.context().waitForEvent('page');
  await page
    .getByRole('main')
    .getByRole('link', { name: /^Terms of Service/ })
    .click();
  await expect(await termsTab).toHaveURL(/\/terms-of-service$/);
  await (await termsTab).close();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Registration successful')).toBeVisible();
  await expect(page.getByText('Welcome to BTCP!', { exact: false })).toBeVisible();

  // A lasting check-your-inbox page: the address, the spam hint, a resend that works.
  await expect(page).toHaveURL(/\/check-your-inbox$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Check your inbox' })).toBeVisible();
  await page.reload();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText(/spam or junk folder/)).toBeVisible();
  await page.getByRole('button', { name: 'Resend verification email' }).click();
  await expect(page.getByRole('status').filter({ hasText: /./ }).first()).toBeVisible();
  await page.getByRole('link', { name: 'Go to Sign In' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // Not verified yet: sign-in says so.
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText(/verify your email/i).first()).toBeVisible();

  await page.goto(await mailedLink(request, email, 'verify-email'));
  await expect(page.getByText('Email verified').first()).toBeVisible();

  await signIn(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText(email).first()).toBeVisible();
  // The session survives a reload, and signed-in visitors of /login go to the dashboard.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('forgot password, reset from the mailed link, log in with the new password', async ({
  page,
  request,
  baseURL,
}) => {
  const email = uniqueEmail('forgetful');
  await verifiedUser(request, baseURL, email);

  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: /send|reset/i }).click();
  await expect(page.getByText('Check Your Email')).toBeVisible();

  await page.goto('/reset-password?token=not-a-real-token-at-all');
  await expect(page.getByText('Invalid or expired link')).toBeVisible();
  await expect(page).toHaveURL(/\/forgot-password$/);

  await page.goto(await mailedLink(request, email, 'reset-password'));
  await page.getByLabel('New password', { exact: true }).fill('a brand new password');
  await page.getByLabel('Confirm new password').fill('a brand new password');
  await page.getByRole('button', { name: /reset|save|update|set/i }).click();
  await expect(page.getByText('Password reset successful')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await signIn(page, email, PASSWORD);
  await expect(page.getByText('Invalid login credentials').first()).toBeVisible();
  await signIn(page, email, 'a brand new password');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a moderator is turned away from /admin/wallets', async ({ page, request, baseURL }) => {
  const email = uniqueEmail('moderator');
  const moderator = await verifiedUser(request, baseURL, email);
  expect(
    (
      await apiPost(request, baseURL, '/api/admin-auth/login', {
        email: ADMIN_EMAIL,
        password: ADMIN_PASSWORD,
      })
    ).status(),
  ).toBe(200);
  const granted = await request.patch(`/api/admin/users/${moderator.id}`, {
    data: { isModerator: true },
    headers: { origin: new URL(baseURL ?? '').origin },
  });
  expect(granted.status()).toBe(200);

  await signIn(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/admin/wallets');
  await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Community/ }).first()).toBeVisible();
});

test('signed-out visitors of the signed-in area go to /login', async ({ page }) => {
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login$/);
});
