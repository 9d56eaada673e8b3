import { expect, type Page, test } from '@playwright/test';
import { apiPost, uniqueEmail, verifiedUser } from '../support/api.ts';
import { signedInPage } from '../support/session.ts';

/** The public pages arrive rendered, then the app takes them over in the browser (decisions 016, 018). */

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' || /hydrat/i.test(message.text())) errors.push(message.text());
  });
  return errors;
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the blog list and a post are readable', async ({ page }) => {
    await page.goto('/blog');
    const link = page.getByRole('link', { name: 'Welcome to BTCP' });
    await expect(link).toBeVisible();
    await page.goto((await link.getAttribute('href')) ?? '/blog');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to BTCP');
    await expect(page.getByText('BTCP lets anyone mine from a browser tab.')).toBeVisible();
  });
});

/** The app's entry is held back a second, as on a slow network: the page is on screen first. */
async function holdTheApp(page: Page) {
  await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.continue();
  });
}

test('a button pressed before the app has taken the page over still works', async ({ page }) => {
  await holdTheApp(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/whitepaper', { waitUntil: 'commit' });
  const menu = page.getByRole('button', { name: 'Open menu' });
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute(
    'aria-expanded',
    'true',
    { timeout: 15_000 },
  );
});

test('a search sent before the app has taken the page over is sent once, by the browser', async ({
  page,
}) => {
  await holdTheApp(page);
  // The results page is slow to come, so the app takes the first page over while it is on its way.
  const asked: string[] = [];
  await page.route(/\/community\?q=/, async (route) => {
    if (route.request().resourceType() === 'document') asked.push(route.request().url());
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    await route.continue();
  });
  await page.goto('/community', { waitUntil: 'commit' });
  const entries = await page.evaluate(() => window.history.length);
  const word = `unfound${Date.now().toString(36).replace(/[0-9]/g, '')}`;
  await page.getByRole('searchbox', { name: 'Search community' }).fill(word);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText(`No posts match \u201c${word}\u201d`)).toBeVisible({
    timeout: 15_000,
  });
  // Once the app is there too, the search has been neither asked for nor added to the history twice.
  await expect(page.getByRole('button', { name: 'Toggle theme' }).first()).toHaveAttribute(
    'title',
    /Switch to/,
    { timeout: 15_000 },
  );
  expect(asked).toHaveLength(1);
  expect(await page.evaluate(() => window.history.length)).toBe(entries + 1);
});

test('the theme chosen before the app has taken the page over is kept at once, through a reload', async ({
  page,
}) => {
  await holdTheApp(page);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/whitepaper', { waitUntil: 'commit' });
  const html = page.locator('html');
  const toggle = page.getByRole('button', { name: 'Toggle theme' }).first();
  await toggle.click();
  await expect(html).toHaveClass(/dark/);
  // Once the app is there (it names the theme to switch to), the press is not made again.
  await expect(toggle).toHaveAttribute('title', 'Switch to light theme', { timeout: 15_000 });
  await expect(html).toHaveClass(/dark/);

  // Pressed again before the app and reloaded straight away, the page keeps the new choice.
  await page.reload({ waitUntil: 'commit' });
  await toggle.click();
  await expect(html).not.toHaveClass(/dark/);
  // Loaded: public/first-paint.js has applied the saved theme.
  await page.reload();
  await expect(html).not.toHaveClass(/dark/);
});

test('a server-rendered post becomes interactive: a vote and the theme toggle work, with no hydration error', async ({
  browser,
  request,
  baseURL,
}) => {
  const email = uniqueEmail('hydrate');
  await verifiedUser(request, baseURL, email);
  const page = await signedInPage(browser, email);
  const title = `Rendered first ${Date.now()}`;
  const created = await apiPost(page.request, baseURL, '/api/community/posts', {
    title,
    content: 'Then taken over by the app.',
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  const errors = collectErrors(page);
  // The HTML itself holds the post, before any script runs.
  const html = await (await page.request.get(`/community/${id}`)).text();
  expect(html).toContain(title);

  await page.goto(`/community/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.waitForLoadState('networkidle');

  const upvote = page.getByRole('group', { name: 'Votes' }).getByRole('button', { name: 'Upvote' });
  await expect(upvote).toHaveAttribute('aria-pressed', 'false');
  await upvote.click();
  await expect(upvote).toHaveAttribute('aria-pressed', 'true');

  const isDark = () => page.evaluate(() => document.documentElement.classList.contains('dark'));
  const wasDark = await isDark();
  await page.getByRole('button', { name: 'Toggle theme' }).first().click();
  await expect.poll(isDark).toBe(!wasDark);

  expect(errors).toEqual([]);
});
