import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '#server/paths.ts';
import { signedUpUser } from './accounts.ts';
import { createTestApp, type TestApp } from './helper.ts';

/**
 * The community's pages keep a signed-in member in their own shell (decision 057), rendered on the
 * server as for everyone; a visitor still gets the shared public page with the site's header.
 */
const entry = path.join(repoRoot, 'apps/web/src/entry-server.tsx');

let t: TestApp;
let member: string;

beforeAll(async () => {
  t = await createTestApp({ webSsrEntry: entry });
  member = await signedUpUser(t.app, 'reader@example.com');
});
afterAll(() => t.close());

const rootOf = (html: string) => /<div id="root">([\s\S]*)<\/div><script/.exec(html)?.[1] ?? '';

describe('the community frame', () => {
  it('renders a member’s community page inside their sidebar shell', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/community',
      headers: { cookie: member },
    });
    expect(response.statusCode).toBe(200);
    const root = rootOf(response.body);
    expect(root).toContain('aria-label="Sidebar"');
    expect(root).toMatch(/<nav aria-label="Main"[\s\S]*href="\/dashboard"[\s\S]*href="\/account"/);
    expect(root).toContain('reader@example.com');
    // The public site's footer is not part of the member's frame.
    expect(root).not.toContain('<footer');
  });

  it('renders a visitor’s community page in the public frame, without the member shell', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/community' });
    expect(response.statusCode).toBe(200);
    const root = rootOf(response.body);
    expect(root).not.toContain('aria-label="Sidebar"');
    expect(root).toContain('<footer');
  });
});
