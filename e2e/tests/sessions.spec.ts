import { expect, test } from '@playwright/test';
import { uniqueEmail, verifiedUser } from '../support/api.ts';
import { horizontalOverflow, signedInPage } from '../support/session.ts';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

test('a member signs another browser out from /account, and that browser is signed out at once', async ({
  browser,
  request,
  baseURL,
}) => {
  const email = uniqueEmail('sessions');
  await verifiedUser(request, baseURL, email);
  const laptop = await signedInPage(browser, email);
  const phone = await signedInPage(browser, email, {
    userAgent: FIREFOX,
    viewport: { width: 375, height: 800 },
  });
  await phone.goto('/wallet');
  await expect(phone.getByRole('heading', { name: 'Wallet', exact: true })).toBeVisible();

  await laptop.goto('/account');
  await expect(laptop.getByText('This session')).toBeVisible();
  const other = laptop.getByRole('button', { name: 'Sign out: Firefox 133 on Linux' });
  await expect(other).toBeVisible();
  await other.click();
  await expect(laptop.getByText('Session signed out')).toBeVisible();
  await expect(other).toHaveCount(0);
  await expect(laptop.getByText('No other sessions.')).toBeVisible();

  // The phone's event stream ends with its session; the page asks again and leaves for sign-in.
  await expect(phone).toHaveURL(/\/login/, { timeout: 5_000 });
  expect(await horizontalOverflow(laptop)).toBe(0);
  await laptop.context().close();
  await phone.context().close();
});
