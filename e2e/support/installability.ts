import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './chromium.ts';

export interface PageInstallability {
  path: string;
  /** Where the page's `<link rel="manifest">` points. */
  manifestLink: string | null;
  /** Chromium's installability errors (what Lighthouse's installability audit read). */
  errors: string[];
  /** What Chromium found wrong in the manifest itself. */
  manifestErrors: string[];
}

export interface Installability {
  pages: PageInstallability[];
  /** The path of the service worker the pages registered, once it is active. */
  worker: string;
  /** Whether the first page asked for the worker before its load event (it must not). */
  workerBeforeLoad: boolean;
}

/**
 * A first visit to `paths` of `origin` in a fresh profile of its own (an off-the-record context
 * installs nothing): whether Chromium finds each page installable, and that the service worker
 * came after the first page had loaded (docs/decisions/061). Used by the browser suite and by
 * `npm run bench`.
 */
export async function firstVisitInstallability(
  origin: string,
  paths: string[],
): Promise<Installability> {
  const profile = await mkdtemp(path.join(tmpdir(), 'btcp-install-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    args: chromiumArgs,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    let loaded = false;
    let workerBeforeLoad = false;
    page.on('load', () => {
      loaded = true;
    });
    page.on('request', (request) => {
      if (!loaded && new URL(request.url()).pathname === '/sw.js') workerBeforeLoad = true;
    });
    const pages: PageInstallability[] = [];
    let worker = '';
    for (const pagePath of paths) {
      await page.goto(new URL(pagePath, origin).href, { waitUntil: 'load' });
      worker = await page.evaluate(
        async () => (await navigator.serviceWorker.ready).active?.scriptURL ?? '',
      );
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      const manifest = await cdp.send('Page.getAppManifest');
      await cdp.detach();
      pages.push({
        path: pagePath,
        manifestLink: await page.locator('link[rel="manifest"]').getAttribute('href'),
        errors: installabilityErrors.map((error) => error.errorId),
        manifestErrors: manifest.errors.map((error) => error.message),
      });
    }
    return { pages, worker: worker && new URL(worker).pathname, workerBeforeLoad };
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
}
