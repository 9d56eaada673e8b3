import { type Browser, type BrowserContextOptions, expect, type Page } from '@playwright/test';
import { PASSWORD } from './api.ts';

/** Signs in through the login form, as a person would, and waits for the dashboard. */
export async function signIn(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** A fresh browser context signed in as that user. */
export async function signedInPage(
  browser: Browser,
  email: string,
  options?: BrowserContextOptions,
): Promise<Page> {
  const page = await (await browser.newContext(options)).newPage();
  await signIn(page, email);
  return page;
}

/** How much wider than the viewport the page has grown (0 when it fits). */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}
