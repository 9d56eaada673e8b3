import { expect, type Page, test } from '@playwright/test';
import { E2E_ADMIN, signInAdmin } from '../support/api.ts';

/**
 * D30, decision 056: the roadmap is the operator's. An admin edits it in Settings and a visitor
 * sees it on /, in the page the server sends. The words found first are put back afterwards, for
 * the journeys that read the landing page.
 */

let original: unknown;

test.beforeAll(async ({ request }) => {
  original = await (await request.get('/api/dated-words')).json();
});

test.afterAll(async ({ request, baseURL }) => {
  await signInAdmin(request, baseURL);
  const restored = await request.put('/api/admin/settings/dated-words', {
    data: original,
    headers: { origin: new URL(baseURL ?? 'http://localhost:4173').origin },
  });
  expect(restored.status()).toBe(200);
});

async function signInAsAdmin(page: Page) {
  await page.goto('/admin-login');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

test('an admin edits the roadmap, and a visitor sees it on the landing page', async ({
  page,
  browser,
  request,
  baseURL,
  playwright,
}) => {
  await signInAdmin(request, baseURL);
  await signInAsAdmin(page);
  await page.goto('/admin/settings');
  const third = page.getByRole('group', { name: 'Roadmap item 3' });
  await expect(third.getByLabel('Date')).toHaveValue('Q4 2024');
  await third.getByLabel('Date').fill('Q4 2026');
  await third.getByLabel('Title').fill('Wallet transfers');
  await third.getByLabel('Description').fill('Members send BTCP to one another.');
  await page
    .getByRole('group', { name: 'Roadmap item 2' })
    .getByLabel('Status')
    .selectOption('Completed');
  await page.getByLabel('Mining starts in').fill('Q2 2027');
  await page.getByLabel('Community founded').fill('2024-03-09');
  const form = page.locator('form').filter({ has: page.getByLabel('Mining starts in') });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Dated words saved')).toBeVisible();

  // A visitor: the words are in the HTML the server sends, before any script runs.
  const anonymous = await playwright.request.newContext({ baseURL });
  const html = await (await anonymous.get('/')).text();
  await anonymous.dispose();
  expect(html).toContain('Wallet transfers');
  expect(html).not.toContain('Referral System Launch');

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/');
  const roadmap = visitor.getByRole('region', { name: 'Roadmap' });
  const step = roadmap.getByRole('listitem').nth(2);
  await expect(step).toContainText('Q4 2026');
  await expect(step).toContainText('Current');
  await expect(step.getByRole('heading', { name: 'Wallet transfers' })).toBeVisible();
  await expect(roadmap.getByRole('listitem')).toHaveCount(4);
  await expect(visitor.getByText('Mining starts in Q2 2027')).toBeVisible();
  await visitor.goto('/community');
  await expect(visitor.getByText('Created Mar 9, 2024')).toBeVisible();
  await visitor.context().close();
});
