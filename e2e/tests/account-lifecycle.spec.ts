import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { PASSWORD, signInAdmin, uniqueEmail, verifiedUser } from '../support/api.ts';
import { horizontalOverflow, signedInPage } from '../support/session.ts';

/** The link of the newest email-change mail to `to`, as a path the browser can open. */
async function changeLink(request: APIRequestContext, to: string) {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const response = await request.get('/api/dev/mailbox');
      const { messages } = (await response.json()) as {
        messages: { to: string; links: string[] }[];
      };
      link = messages
        .find((m) => m.to === to)
        ?.links.find((l) => l.includes('/account/confirm-email?token='));
      return link;
    })
    .toBeTruthy();
  const url = new URL(link ?? '');
  return `${url.pathname}${url.search}`;
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `test-results/account-lifecycle-${name}.png`, fullPage: true });
}

test('a member changes their email through the mailed link, then deletes the account', async ({
  browser,
  request,
  baseURL,
}) => {
  const oldEmail = uniqueEmail('lifecycle');
  const newEmail = uniqueEmail('lifecycle-new');
  await verifiedUser(request, baseURL, oldEmail);
  const page = await signedInPage(browser, oldEmail);

  // Changing the address: a link to the new one; nothing changes until it is opened.
  await page.goto('/account');
  await page.getByLabel('New email address').fill(newEmail);
  await page.getByRole('button', { name: 'Change email' }).click();
  await expect(page.getByText(`Check ${newEmail} for a link to confirm it`)).toBeVisible();
  await expect(page.getByText(`Current address: ${oldEmail}`)).toBeVisible();
  await shoot(page, 'email-card');

  await page.goto(await changeLink(request, newEmail));
  await expect(
    page.getByRole('heading', { name: `Your email address is now ${newEmail}` }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Back to your account' }).click();
  await expect(page.getByText(`Current address: ${newEmail}`)).toBeVisible();

  // The old address no longer signs in; the new one does (in another browser, kept for later).
  const refused = await request.post('/api/auth/login', {
    headers: { origin: baseURL ?? '' },
    data: { email: oldEmail, password: PASSWORD },
  });
  expect(refused.status()).toBe(401);
  const phone = await signedInPage(browser, newEmail, { viewport: { width: 375, height: 800 } });
  await phone.goto('/account');
  await expect(phone.getByRole('heading', { name: 'Delete account' })).toBeVisible();
  expect(await horizontalOverflow(phone)).toBe(0);
  await shoot(phone, 'phone');

  // Deleting: the typed address must be the account's.
  await page.getByLabel('Type your email address to confirm').fill(oldEmail);
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText('That is not your email address')).toBeVisible();
  await shoot(page, 'delete-card');
  await page.getByLabel('Type your email address to confirm').fill(newEmail.toUpperCase());
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByRole('heading', { name: 'Your account was deleted' })).toBeVisible();
  await expect(page).toHaveURL(/\/account-deleted$/);
  await shoot(page, 'goodbye');

  // Signed out here and in the other browser, whose event stream ended with its session.
  await expect(phone).toHaveURL(/\/login/, { timeout: 5_000 });
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('Email').fill(newEmail);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.locator('#main').getByText('Invalid login credentials')).toBeVisible();

  // The admin's list marks the account deleted.
  const admin = await (await browser.newContext()).newPage();
  await signInAdmin(admin.request, baseURL);
  await admin.goto('/admin/users');
  await admin.getByPlaceholder('Search by email or username').fill('deleted:');
  const deletedRow = admin.getByRole('row').filter({ hasText: 'Deleted' });
  await expect(deletedRow.first()).toBeVisible();
  await expect(deletedRow.first().getByRole('switch')).toHaveCount(0);
  await shoot(admin, 'admin-users');

  await page.context().close();
  await phone.context().close();
  await admin.context().close();
});
