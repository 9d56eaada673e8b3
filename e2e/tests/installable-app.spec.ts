import { expect, type Page, test } from '@playwright/test';
import { uniqueEmail, verifiedUser } from '../support/api.ts';
import { axeViolations } from '../support/axe.ts';
import { firstVisitInstallability } from '../support/installability.ts';
import { signIn } from '../support/session.ts';

// The installable app (docs/decisions/061): the manifest, the service worker, the offline page and
// the account menu's Install item, against the production build.

/** Waits until a service worker is active for the page's scope, and says which script it runs. */
async function activeWorker(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active?.scriptURL ?? '';
  });
}

/** Every request the page's caches hold, by path. */
async function cachedPaths(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) paths.push(new URL(request.url).pathname);
    }
    return paths;
  });
}

test('Chromium finds the app installable from any page', async ({ baseURL }) => {
  test.slow();
  const paths = ['/', '/whitepaper', '/login'];
  const result = await firstVisitInstallability(baseURL ?? '', paths);
  expect(result.pages).toEqual(
    paths.map((path) => ({
      path,
      manifestLink: '/manifest.webmanifest',
      errors: [],
      manifestErrors: [],
    })),
  );
  expect(result.worker).toBe('/sw.js');
  // The first visit asks for the worker only after its page has loaded.
  expect(result.workerBeforeLoad).toBe(false);
});

test('the service worker installs, a navigation offline shows the offline page, and no API answer or private page is ever cached', async ({
  browser,
  request,
  baseURL,
}) => {
  // A worker installs and precaches the shell on a loaded two-core machine.
  test.slow();
  const email = uniqueEmail('installable');
  await verifiedUser(request, baseURL, email);
  const context = await browser.newContext();
  const page = await context.newPage();
  const fromWorker: string[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/api/') && response.fromServiceWorker()) {
      fromWorker.push(response.url());
    }
  });

  // A visitor's first page registers the worker after it has loaded.
  await page.goto('/');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
    'href',
    '/manifest.webmanifest',
  );
  expect(await activeWorker(page)).toBe(`${new URL(baseURL ?? '').origin}/sw.js`);

  // A member signs in and uses private pages, each asking the API for their data.
  await signIn(page, email);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await page.goto('/wallet');
  await expect(page.getByRole('heading', { level: 1, name: 'Wallet' })).toBeVisible();
  await page.goto('/account');
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
  // The page is in the worker's hands now: its requests pass through it.
  expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

  const cached = await cachedPaths(page);
  expect(cached).toContain('/offline.html');
  // Unhashed, it must always be the one of the HTML's own version.
  expect(cached).not.toContain('/first-paint.js');
  expect(cached.some((path) => path.startsWith('/assets/index-'))).toBe(true);
  expect(cached.filter((path) => path.startsWith('/api/'))).toEqual([]);
  for (const pagePath of ['/', '/login', '/dashboard', '/wallet', '/account']) {
    expect(cached, pagePath).not.toContain(pagePath);
  }
  expect(fromWorker).toEqual([]);

  // The network is gone.
  await context.setOffline(true);
  await page.goto('/dashboard');
  await expect(page).toHaveTitle('You are offline | BTCP');
  await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Try again' })).toBeVisible();
  // Not the member's dashboard from a cache.
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toHaveCount(0);
  await page.goto('/community');
  await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();

  // The API is never answered from the cache: a request fails as the network does.
  const answer = await page.evaluate(async () => {
    try {
      const response = await fetch('/api/auth/session');
      return `answered ${response.status}`;
    } catch {
      return 'failed';
    }
  });
  expect(answer).toBe('failed');
  // Not even by the offline page: the worker has no route for the API's addresses.
  await expect(page.goto('/api/auth/session')).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);

  // Back online, Try again brings the page itself.
  await context.setOffline(false);
  await page.goto('/community');
  await expect(page.getByRole('heading', { level: 1, name: 'Community' })).toBeVisible();
  expect(fromWorker).toEqual([]);
  await context.close();
});

/** The browser's offer to install, as Chromium fires it at a page that can be installed. */
async function browserOffersInstall(page: Page) {
  await page.evaluate(() => {
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => {
        (window as unknown as { prompted: number }).prompted = 1;
      },
      userChoice: Promise.resolve({ outcome: 'dismissed', platform: '' }),
    });
    window.dispatchEvent(offer);
    // The page held the browser's own banner back, to offer it from the account menu instead.
    (window as unknown as { bannerHeldBack: boolean }).bannerHeldBack = offer.defaultPrevented;
  });
}

test('Install app is in the account menu only once the browser offers it, never on arrival', async ({
  browser,
  request,
  baseURL,
}) => {
  test.slow();
  const email = uniqueEmail('install-menu');
  await verifiedUser(request, baseURL, email);
  // One sign-in; each width and scheme is a fresh load of the dashboard, with no offer yet.
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email);
  for (const colorScheme of ['light', 'dark'] as const) {
    for (const width of [1440, 375]) {
      await page.emulateMedia({ colorScheme });
      await page.setViewportSize({ width, height: width < 768 ? 812 : 900 });
      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
      const menuToggle = page.getByRole('button', { name: 'Toggle sidebar' });
      const openMenu = async () => {
        if (width < 768) await menuToggle.click();
      };
      await openMenu();
      const sidebar = page.getByRole(width < 768 ? 'dialog' : 'complementary', {
        name: 'Sidebar',
      });
      await expect(sidebar.getByRole('button', { name: 'Logout' })).toBeVisible();
      // No dialog and no item before the browser has offered anything.
      await expect(sidebar.getByRole('button', { name: 'Install app' })).toHaveCount(0);
      if (width < 768) await page.keyboard.press('Escape');

      await browserOffersInstall(page);
      expect(
        await page.evaluate(() => (window as { bannerHeldBack?: boolean }).bannerHeldBack),
      ).toBe(true);
      await openMenu();
      const install = sidebar.getByRole('button', { name: 'Install app' });
      await expect(install).toBeVisible();
      await page.screenshot({
        path: test.info().outputPath(`account-menu-install-${width}-${colorScheme}.png`),
      });
      await install.click();
      expect(await page.evaluate(() => (window as { prompted?: number }).prompted)).toBe(1);
      await expect(install).toHaveCount(0);
    }
  }
  await context.close();
});

test('the offline page at phone and desktop widths, light and dark, with nothing axe finds', async ({
  browser,
}) => {
  test.slow();
  for (const colorScheme of ['light', 'dark'] as const) {
    for (const width of [375, 1440]) {
      const context = await browser.newContext({
        // axe is injected as an inline script, which the pages' CSP refuses.
        bypassCSP: true,
        colorScheme,
        viewport: { width, height: width < 768 ? 812 : 900 },
      });
      const page = await context.newPage();
      await page.goto('/');
      await activeWorker(page);
      await context.setOffline(true);
      await page.goto('/whitepaper');
      await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
      await expect(page.locator('html')).toHaveClass(colorScheme === 'dark' ? 'dark' : '');
      await page.screenshot({
        path: test.info().outputPath(`offline-page-${width}-${colorScheme}.png`),
      });
      expect(await axeViolations(page)).toEqual([]);
      await context.close();
    }
  }
});
