import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A CSP's directives by name. */
function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name as string, values]),
  );
}

describe('the installable app (docs/decisions/061)', () => {
  it('serves the service worker from the root, so its scope is the whole site, and never from a cache without asking', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    // A deploy reaches every browser at its next check, not after a cached copy expires.
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['cache-control']).not.toContain('immutable');
    expect(response.body).toContain('addEventListener');
  });

  it('serves the web app manifest as one, revalidated', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/manifest+json');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.json()).toMatchObject({ start_url: '/dashboard', display: 'standalone' });
  });

  it('lets the page load its manifest and register a same-origin worker, and nothing else', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    const csp = directives(String(response.headers['content-security-policy']));
    // No worker-src: a worker falls back to script-src, which is this origin alone.
    expect(csp.get('worker-src') ?? csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('manifest-src')).toEqual(["'self'"]);
  });

  it('links the manifest and both theme colours from every page the server sends', async () => {
    for (const url of ['/', '/community', '/dashboard', '/no/such/page']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['content-type'], url).toContain('text/html');
      expect(response.body, url).toContain('<link rel="manifest" href="/manifest.webmanifest">');
      expect(response.body, url).toContain(
        '<meta name="theme-color" media="(prefers-color-scheme: light)" content="#ffffff" />',
      );
      expect(response.body, url).toContain(
        '<meta name="theme-color" media="(prefers-color-scheme: dark)" content="#0b0f19" />',
      );
    }
  });
});
