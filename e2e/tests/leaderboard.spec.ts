import { type APIRequestContext, expect, test } from '@playwright/test';
import {
  apiPost,
  cheapenSignUp,
  mailedLink,
  PASSWORD,
  solvedProof,
  uniqueEmail,
  usernameFor,
} from '../support/api.ts';
import { axeViolations } from '../support/axe.ts';
import { horizontalOverflow, signedInPage } from '../support/session.ts';

/**
 * D28: the opt-in leaderboard. A member turns "Show me on the leaderboard" on in /account and is
 * listed on the public page (server-rendered for a visitor), then turns it off and is gone.
 */

/**
 * Every journey signs up from 127.0.0.1, whose network is an open Signals cluster the leaderboard
 * leaves out (D28); so these members sign up from networks of their own, through the proxy header
 * the e2e server trusts, as the Signals journey does. Verified, never signed in; returns the email.
 */
let nextNetwork = Math.floor(Math.random() * 200);
async function memberOfOwnNetwork(
  request: APIRequestContext,
  baseURL: string | undefined,
  prefix: string,
) {
  await cheapenSignUp(baseURL);
  const email = uniqueEmail(prefix);
  nextNetwork += 1;
  const registered = await request.post('/api/auth/register', {
    data: {
      email,
      username: usernameFor(email),
      password: PASSWORD,
      confirmPassword: PASSWORD,
      acceptTerms: true,
      proof: await solvedProof(request),
    },
    headers: {
      origin: new URL(baseURL ?? '').origin,
      'x-forwarded-for': `198.${18 + (nextNetwork >> 8)}.${nextNetwork & 255}.9`,
    },
  });
  expect(registered.status()).toBe(201);
  const link = await mailedLink(request, email, 'verify-email');
  const token = new URL(link, 'http://x').searchParams.get('token');
  expect((await apiPost(request, baseURL, '/api/auth/verify-email', { token })).status()).toBe(200);
  return email;
}

/** A member who mined about `seconds` through the API and chose to appear; returns the username. */
async function shownMember(
  request: APIRequestContext,
  baseURL: string | undefined,
  prefix: string,
  seconds: number,
) {
  const email = await memberOfOwnNetwork(request, baseURL, prefix);
  expect(
    (await apiPost(request, baseURL, '/api/auth/login', { email, password: PASSWORD })).status(),
  ).toBe(200);
  const started = await apiPost(request, baseURL, '/api/mining/start');
  expect(started.status()).toBe(201);
  const { id } = (await started.json()) as { id: string };
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  expect((await apiPost(request, baseURL, '/api/mining/stop', { sessionId: id })).status()).toBe(
    200,
  );
  const opted = await request.put('/api/account/leaderboard', {
    data: { show: true },
    headers: { origin: new URL(baseURL ?? '').origin },
  });
  expect(opted.status()).toBe(200);
  const { username } = (await opted.json()) as { username: string };
  await apiPost(request, baseURL, '/api/auth/logout');
  return username;
}

test('a member opts in and appears on /leaderboard, then opts out and disappears', async ({
  browser,
  request,
  baseURL,
}) => {
  const email = await memberOfOwnNetwork(request, baseURL, 'board');
  const page = await signedInPage(browser, email);
  const username = (await (await page.request.get('/api/account')).json()).username as string;

  // Some time mined, from the dashboard.
  await page.getByRole('button', { name: 'Start Mining' }).click();
  await expect(page.getByRole('button', { name: 'Stop Mining' })).toBeVisible();
  await page.waitForTimeout(2_000);
  await page.getByRole('button', { name: 'Stop Mining' }).click();
  await expect(page.getByRole('button', { name: 'Start Mining' })).toBeVisible();
  // Not on the board until they choose to be; the dashboard says so and links to the setting.
  await expect(
    page.getByText('You are not shown on the leaderboard: you have not turned it on.'),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Change the setting' }).click();
  await expect(page).toHaveURL(/\/account#leaderboard-setting$/);

  const toggle = page.getByRole('switch', { name: 'Show me on the leaderboard' });
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  await expect(page.getByText('You are shown on the leaderboard')).toBeVisible();
  await expect(toggle).toBeChecked();

  // A visitor's page, rendered by the server.
  const visitor = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
  await visitor.goto('/leaderboard');
  const board = visitor.getByRole('table', { name: /Members ranked by time mined this week/ });
  await expect(board.getByRole('rowheader', { name: username })).toBeVisible();
  await visitor.goto('/leaderboard?period=all');
  await expect(
    visitor.getByRole('table', { name: /all-time/ }).getByRole('rowheader', { name: username }),
  ).toBeVisible();

  // The dashboard shows the member's rank.
  await page.goto('/dashboard');
  await expect(page.getByText('This week', { exact: true })).toBeVisible();
  await expect(page.getByText(/^#\d+$/).first()).toBeVisible();

  await page.goto('/account');
  await toggle.click();
  await expect(page.getByText('You are hidden from the leaderboard')).toBeVisible();
  await expect(toggle).not.toBeChecked();
  await visitor.goto('/leaderboard');
  await expect(visitor.getByRole('heading', { level: 1, name: 'Leaderboard' })).toBeVisible();
  await expect(visitor.getByRole('rowheader', { name: username })).toHaveCount(0);
  await visitor.goto('/leaderboard?period=all');
  await expect(visitor.getByRole('rowheader', { name: username })).toHaveCount(0);

  await visitor.context().close();
  await page.context().close();
});

test.describe('the leaderboard page', () => {
  test.beforeAll(async ({ request, baseURL }) => {
    for (const [prefix, seconds] of [
      ['lead', 3],
      ['runner', 2],
      ['third', 1],
    ] as const)
      await shownMember(request, baseURL, prefix, seconds);
  });

  for (const viewport of [
    { width: 375, height: 812 },
    { width: 1440, height: 900 },
  ]) {
    for (const colorScheme of ['light', 'dark'] as const) {
      test(`at ${viewport.width} px in ${colorScheme}`, async ({ browser }) => {
        // axe-core is injected as a script, which the app's Content Security Policy would refuse.
        const context = await browser.newContext({ viewport, colorScheme, bypassCSP: true });
        const page = await context.newPage();
        await page.goto('/leaderboard');
        const table = page.getByRole('table', { name: /this week/ });
        await expect(table.getByRole('row').nth(3)).toBeVisible();
        await expect(page.getByText('Updated every minute')).toBeVisible();
        expect(await horizontalOverflow(page)).toBe(0);
        expect(await axeViolations(page, ['serious', 'critical'])).toEqual([]);
        await page.screenshot({
          path: test.info().outputPath(`leaderboard-${viewport.width}-${colorScheme}.png`),
          fullPage: true,
        });
        await context.close();
      });
    }
  }
});
