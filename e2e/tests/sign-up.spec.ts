import { expect, test } from '@playwright/test';
import { cheapenSignUp, PASSWORD, uniqueEmail } from '../support/api.ts';

/** Decision 031: the proof of work runs while the person types; the form works as it always did. */
test('a person registers without noticing the proof of work', async ({ page, baseURL }) => {
  await cheapenSignUp(baseURL);
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(worker.url()));
  const email = uniqueEmail('unaware');

  await page.goto('/register');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('checkbox').check();
  // The quiet note: read out politely, nothing to click, no alert.
  const note = page.getByText('Security check done.');
  await expect(note).toBeVisible();
  await expect(note).toHaveAttribute('aria-live', 'polite');
  await expect(page.getByRole('alert')).toHaveCount(0);

  const sent = page.waitForRequest(
    (request) => request.url().endsWith('/api/auth/register') && request.method() === 'POST',
  );
  await page.getByRole('button', { name: 'Register' }).click();
  expect(((await sent).postDataJSON() as { proof?: string }).proof).toBeTruthy();
  await expect(page.getByText('Registration successful')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Check your inbox' })).toBeVisible();
  // Solved in a worker of its own, off the page's thread.
  expect(workers.some((url) => /proof-solver/.test(url))).toBe(true);
});
