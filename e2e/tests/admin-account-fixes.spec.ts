import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { E2E_ADMIN, registeredUser, uniqueEmail, verifiedUser } from '../support/api.ts';
import { signedInPage, signIn } from '../support/session.ts';

/** What an admin and a member notice when signing in and out, and in Settings (decision 057). */

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

async function adminPage(browser: Browser, email: string, password: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/admin-login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  return page;
}

/** Registered and verified through the API, without a username, never signed in. */
async function neverSignedIn(request: APIRequestContext, baseURL: string | undefined) {
  const email = uniqueEmail('newcomer');
  await registeredUser(request, baseURL, email, { username: null });
  return email;
}

test('admin Settings: columns on a wide screen, admins added in a dialog, the two-factor rule refused before', async ({
  browser,
}) => {
  const root = await adminPage(browser, E2E_ADMIN.email, E2E_ADMIN.password);
  await root.goto('/admin/settings');
  const password = root.getByRole('heading', { name: 'Change Password' });
  const policy = root.getByRole('heading', { name: 'Admin sign-in' });
  await expect(policy).toBeVisible();
  const [left, right] = [await password.boundingBox(), await policy.boundingBox()];
  // Side by side at 1440 px, and the page no longer one tall column.
  expect(right?.x ?? 0).toBeGreaterThan((left?.x ?? 0) + 400);
  expect(Math.abs((right?.y ?? 0) - (left?.y ?? 0))).toBeLessThan(40);
  // Two columns, each its own stack: the page is as tall as the taller one, not as both together.
  const columns = await root
    .locator('main div.lg\\:grid-cols-2 > div')
    .evaluateAll((stacks) => stacks.map((stack) => stack.getBoundingClientRect().height));
  expect(columns).toHaveLength(2);
  const height = await root.evaluate(() => document.documentElement.scrollHeight);
  expect(height).toBeLessThan((columns[0] ?? 0) + (columns[1] ?? 0));

  const colleague = uniqueEmail('colleague');
  const colleaguePassword = 'a colleague password';
  await root.getByRole('button', { name: 'Add an admin' }).click();
  const dialog = root.getByRole('dialog', { name: 'Add an admin' });
  await dialog.getByLabel('Email').fill(colleague);
  await dialog.getByLabel('Password', { exact: true }).fill(colleaguePassword);
  await dialog.getByLabel('Confirm Password').fill(colleaguePassword);
  await dialog.getByRole('button', { name: 'Create Admin' }).click();
  await expect(
    root.getByText(
      `Admin ${colleague} created successfully. They can now sign in with the password you chose.`,
    ),
  ).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(root).toHaveURL(/\/admin\/settings$/);
  await expect(root.getByText('Back to Admin Login')).toHaveCount(0);

  // On a phone, one column.
  await root.setViewportSize({ width: 375, height: 800 });
  const [narrowLeft, narrowRight] = [await password.boundingBox(), await policy.boundingBox()];
  expect(Math.abs((narrowRight?.x ?? 0) - (narrowLeft?.x ?? 0))).toBeLessThan(4);
  await root.context().close();

  // The new admin has no two-factor: the switch is off limits, with the reason beside it.
  const second = await adminPage(browser, colleague, colleaguePassword);
  await second.goto('/admin/settings');
  const requirement = second.getByRole('switch', { name: 'Require two-factor for every admin' });
  await expect(requirement).toBeDisabled();
  await expect(
    second.getByText('Turn on two-factor authentication for your own admin account first.'),
  ).toBeVisible();
  await second.context().close();
});

test('admin Users: the moderator action is named for what it does', async ({
  browser,
  request,
  baseURL,
}) => {
  const member = uniqueEmail('mod-candidate');
  await verifiedUser(request, baseURL, member);
  const admin = await adminPage(browser, E2E_ADMIN.email, E2E_ADMIN.password);
  await admin.goto('/admin/users');
  await admin.getByPlaceholder('Search by email or username').fill(member);
  const make = admin.getByRole('button', { name: `Make moderator: ${member}` });
  await expect(make).toBeEnabled();
  await expect(admin.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
  await make.click();
  const remove = admin.getByRole('button', { name: `Remove moderator: ${member}` });
  await expect(remove).toBeEnabled();
  await expect(admin.getByRole('switch', { name: `Moderator: ${member}` })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await remove.click();
  const confirm = admin.getByRole('alertdialog', { name: 'Remove moderator rights?' });
  await confirm.getByRole('button', { name: 'Remove moderator' }).click();
  await expect(make).toBeVisible();
  await expect(admin.getByRole('switch', { name: `Moderator: ${member}` })).toHaveAttribute(
    'aria-checked',
    'false',
  );
  await admin.context().close();
});

test('a first sign-in says "Welcome", a later one "Welcome back"; one sidebar entry per page; Community stays in the shell', async ({
  browser,
  request,
  baseURL,
}) => {
  const email = await neverSignedIn(request, baseURL);
  const page = await signedInPage(browser, email);
  await expect(page.getByText(`Welcome, ${email}`)).toBeVisible();

  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Settings' })).toHaveCount(0);
  const targets = await nav
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  expect(new Set(targets).size).toBe(targets.length);

  await nav.getByRole('link', { name: 'Community' }).click();
  await expect(page).toHaveURL(/\/community$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Sidebar' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Community' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  // Loaded afresh (rendered on the server for this member), still in the shell, and the browser
  // takes over the server's markup without a mismatch.
  const mismatches: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat/i.test(message.text()))
      mismatches.push(message.text());
  });
  page.on('pageerror', (error) => {
    if (/hydrat|#418|#423/i.test(error.message)) mismatches.push(error.message);
  });
  await page.reload();
  await expect(page.getByRole('complementary', { name: 'Sidebar' })).toBeVisible();
  // Hydrated: the bell is the browser's alone, drawn once the page has come alive.
  await expect(page.getByRole('banner').getByRole('link', { name: 'Notifications' })).toBeVisible();
  expect(mismatches).toEqual([]);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, email);
  await expect(page.getByText(`Welcome back, ${email}`)).toBeVisible();
  await page.context().close();
});

test('a device signed out from elsewhere is told why, and an iPhone shows as a phone', async ({
  browser,
  request,
  baseURL,
}) => {
  const email = uniqueEmail('two-devices');
  await verifiedUser(request, baseURL, email);
  const laptop = await signedInPage(browser, email);
  const phone = await signedInPage(browser, email, {
    userAgent: IPHONE,
    viewport: { width: 375, height: 800 },
  });
  const tablet = await signedInPage(browser, email);
  // The tablet is put away: no page open when its session ends.
  await tablet.goto('about:blank');

  await laptop.goto('/account');
  const sessions = laptop.getByRole('list').filter({ hasText: 'This session' });
  await expect(sessions.getByRole('img', { name: 'Phone' })).toHaveCount(1);
  await laptop.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expect(laptop.getByText('Signed out everywhere else')).toBeVisible();

  // The open page leaves for sign-in at once and says why.
  await expect(phone).toHaveURL(/\/login/, { timeout: 5_000 });
  await expect(phone.getByText('You were signed out from another device')).toBeVisible();
  // The one put away learns it when it is opened again.
  await tablet.goto('/dashboard');
  await expect(tablet).toHaveURL(/\/login/);
  await expect(tablet.getByText('You were signed out from another device')).toBeVisible();
  // Said once: the sign-in page opened afresh (not this one reloaded) is the plain one.
  await tablet.goto('/');
  await tablet.goto('/login');
  await expect(tablet.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  await expect(tablet.getByText('You were signed out from another device')).toHaveCount(0);

  // Signing out here says nothing of the kind.
  await laptop.getByRole('button', { name: 'Logout' }).click();
  await expect(laptop).toHaveURL(/\/login$/);
  await expect(laptop.getByText('You were signed out from another device')).toHaveCount(0);
  for (const page of [laptop, phone, tablet]) await page.context().close();
});
