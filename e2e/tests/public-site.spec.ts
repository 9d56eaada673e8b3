import { expect, test } from '@playwright/test';

test.describe('public pages', () => {
  for (const { path, headline, title } of [
    {
      path: '/',
      headline: /Welcome to\s*BTCP Mining/,
      title: 'BTCP | KYC-Free Bitcoin Mining Platform',
    },
    { path: '/whitepaper', headline: 'Whitepaper', title: 'Whitepaper | BTCP' },
    { path: '/terms-of-service', headline: 'Terms of Service', title: 'Terms of Service | BTCP' },
  ]) {
    test(`${path} renders its headline and title`, async ({ page }) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(headline);
      await expect(page).toHaveTitle(title);
      await expect(page.getByRole('contentinfo')).toContainText(
        `© ${new Date().getFullYear()} BTCP`,
      );
      // No CSP violation or script error on the way.
      expect(errors).toEqual([]);
    });
  }

  test('the landing page shows the spec figures, roadmap and calls to action', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByText('Mining starts in Q1 2025')).toBeVisible();
    for (const label of ['BTCP/Hour', 'Launch Year', 'Referral BTCP']) {
      await expect(page.getByText(label, { exact: true })).toBeVisible();
    }
    for (const feature of [
      'No KYC Required',
      'Low Energy Consumption',
      'Community Rewards',
      'Advanced Mining Rigs',
    ]) {
      await expect(page.getByRole('heading', { name: feature })).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: 'Referral System Launch' })).toBeVisible();
    const canvas = page.locator('canvas');
    await expect(canvas).toHaveAttribute('width', /\d+/);
    expect(await canvas.evaluate((el: HTMLCanvasElement) => el.clientWidth)).toBe(300);

    await page.getByRole('link', { name: 'Read Whitepaper' }).click();
    await expect(page).toHaveURL(/\/whitepaper$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Whitepaper');
  });

  test('/terms and /privacy lead to the terms page (D20)', async ({ page }) => {
    await page.goto('/terms');
    await expect(page).toHaveURL(/\/terms-of-service$/);
    await page.goto('/privacy');
    await expect(page).toHaveURL(/\/terms-of-service#privacy$/);
    await expect(page.getByRole('heading', { name: 'Privacy Policy' })).toBeInViewport();
  });

  test('an unknown route shows the not-found page with a 404 status', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Welcome to/);
  });
});

test.describe('header', () => {
  test('the theme toggle persists across a reload', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    const html = page.locator('html');
    await expect(html).not.toHaveClass(/dark/);
    await page.getByRole('button', { name: 'Toggle theme' }).click();
    await expect(html).toHaveClass(/dark/);
    await page.reload();
    await expect(html).toHaveClass(/dark/);
    await page.getByRole('button', { name: 'Toggle theme' }).click();
    await page.reload();
    await expect(html).not.toHaveClass(/dark/);
  });

  test('follows the system theme when nothing is saved', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/whitepaper');
    await expect(page.locator('html')).toHaveClass(/dark/);
  });

  test('turns opaque after scrolling past 20 px', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header).toHaveClass(/bg-transparent/);
    await page.mouse.wheel(0, 400);
    await expect(header).toHaveClass(/bg-background/);
  });

  test('signed-out visitors see Login and Register', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('banner');
    await expect(nav.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    await expect(nav.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
  });

  test('the mobile menu opens at 375 px and works by keyboard', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    const menu = page.locator('#mobile-menu');
    await expect(menu).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'Whitepaper' }).click();
    await expect(page).toHaveURL(/\/whitepaper$/);
    await expect(menu).toBeHidden();
  });
});

test('the API reference is served at /api/docs', async ({ page }) => {
  await page.goto('/api/docs');
  await expect(page.getByText('BTCP API').first()).toBeVisible();
});
