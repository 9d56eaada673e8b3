import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCookie, post, signedUpAuthor } from '#server-test/accounts.ts';
import { createTestApp, sameOrigin, type TestApp } from '#server-test/helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('community link previews (D18)', () => {
  it('gives a post page its preview title and description, and 404s it once removed', async () => {
    const cookie = await signedUpAuthor(t.app, 'previewer@example.com');
    const created = await post(
      t.app,
      '/api/community/posts',
      { title: 'Cooling <tips>', content: 'Keep the laptop on a hard surface.\nIt helps.' },
      cookie,
    );
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json() as { id: string };

    const page = await t.app.inject({ method: 'GET', url: `/community/${id}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Community Post | BTCP</title>');
    expect(page.body).toContain('<meta property="og:title" content="Cooling &lt;tips&gt;" />');
    expect(page.body).toContain(
      '<meta name="description" content="Keep the laptop on a hard surface. It helps." />',
    );
    expect(page.body).toContain('<meta name="twitter:card" content="summary" />');

    const admin = await adminCookie(t.app);
    const removed = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/community/posts/${id}`,
      headers: { ...sameOrigin, cookie: admin },
      payload: { status: 'removed' },
    });
    expect(removed.statusCode).toBe(200);
    const gone = await t.app.inject({ method: 'GET', url: `/community/${id}` });
    expect(gone.statusCode).toBe(404);
    expect(gone.body).not.toContain('Cooling');
  });
});
