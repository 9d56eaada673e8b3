import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../../e2e/support/chromium.ts';

export interface Installability {
  /** Chromium's installability errors for the page (what Lighthouse's installability audit read). */
  errors: string[];
  /** The service worker the page registered, once it is active. */
  worker: string;
  /** Whether the first visit asked for the worker before its load event (it must not). */
  workerBeforeLoad: boolean;
}

/**
 * A first visit in a fresh profile of its own (an off-the-record context installs nothing): whether
 * Chromium finds the app installable, and that the service worker came after the page had loaded
 * (docs/decisions/061).
 */
export async function measureInstallability(url: string): Promise<Installability> {
  const profile = await mkdtemp(path.join(tmpdir(), 'btcp-bench-install-'));
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
    await page.goto(url, { waitUntil: 'load' });
    const worker = await page.evaluate(
      async () => (await navigator.serviceWorker.ready).active?.scriptURL ?? '',
    );
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    return {
      errors: installabilityErrors.map((error) => error.errorId),
      worker: new URL(worker).pathname,
      workerBeforeLoad,
    };
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
}
