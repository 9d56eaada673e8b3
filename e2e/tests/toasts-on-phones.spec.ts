import { expect, type Locator, type Page, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { uniqueEmail, verifiedUser } from '../support/api.ts';
import { signedInPage } from '../support/session.ts';

/**
 * On a phone a toast never lies over the control it speaks of, and a refusal the form shows
 * beside its field is not toasted again (decision 056).
 */

const PHONE = { width: 375, height: 667 };

type Box = { x: number; y: number; width: number; height: number };

const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  return box as Box;
}

/** What sonner shows; nothing at all once the form has said it inline. */
const toasts = (page: Page) => page.locator('[data-sonner-toast]');

test('the register form says a missing agreement once, beside the box, with no toast', async ({
  browser,
}) => {
  const page = await (await browser.newContext({ viewport: PHONE })).newPage();
  await page.goto('/register');
  await page.getByLabel('Email').fill(uniqueEmail('phone-terms'));
  await page.getByLabel('Password', { exact: true }).fill('correct horse 42');
  await page.getByLabel('Confirm password').fill('correct horse 42');
  await page.getByRole('button', { name: 'Register' }).click();

  const said = page.getByText(
    'Terms agreement required: Please agree to the terms and conditions to continue.',
  );
  await expect(said).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /I agree to the/ })).toBeFocused();
  // Time for a toast to have come, had one been raised (sonner loads with the first).
  await page.waitForTimeout(1000);
  await expect(page.getByText(/agree to the terms and conditions/)).toHaveCount(1);
  await expect(toasts(page)).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('register-terms-375.png') });
  await page.context().close();
});

test('on a phone the toast that two-factor is on leaves the recovery codes’ buttons clear', async ({
  browser,
  request,
  baseURL,
}) => {
  const email = uniqueEmail('phone-codes');
  await verifiedUser(request, baseURL, email);
  const page = await signedInPage(browser, email, { viewport: PHONE });
  await page.goto('/account');
  await page.getByRole('button', { name: 'Turn on two-factor' }).click();
  const key = ((await page.getByTestId('totp-key').textContent()) ?? '').replace(/\s/g, '');
  await page
    .getByLabel('Authentication code')
    .fill(TOTP.generate({ secret: Secret.fromBase32(key) }));
  await page.getByRole('button', { name: 'Confirm and turn on' }).click();

  const toast = toasts(page).filter({ hasText: 'Two-factor authentication is on' });
  await expect(toast).toBeVisible();
  const download = page.getByRole('button', { name: 'Download codes' });
  const saved = page.getByRole('button', { name: 'I have saved my codes' });
  // Wherever the page has scrolled the panel to, and with the buttons brought into view.
  for (const control of [download, saved]) {
    await control.scrollIntoViewIfNeeded();
    await expect(toast).toBeVisible();
    expect(overlap(await boxOf(toast), await boxOf(control))).toBe(false);
  }
  await page.screenshot({ path: test.info().outputPath('recovery-codes-375.png') });
  await saved.click();
  await page.context().close();
});
