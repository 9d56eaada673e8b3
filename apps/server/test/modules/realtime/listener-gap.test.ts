import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, post, signedUpUser } from '#server-test/accounts.ts';
import { createTestApp, sameOrigin, serverUrlOf, type TestApp } from '#server-test/helper.ts';
import { openStream } from '#server-test/streams.ts';

/**
 * While a process's listening connection is down it hears nothing: no revocation, no event. Once
 * it is back, every stream it holds is ended (spread over a few seconds), so each browser comes
 * back, has its session checked afresh and refetches what it missed.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('a gap in the listening connection', () => {
  let t: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { EVENTS_RECONNECT_WINDOW_MS: '1000' } });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  const cutTheListener = async () => {
    const url = serverUrlOf(t.database);
    if (!url) throw new Error('no server URL');
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE datname = current_database() AND starts_with(application_name, 'btcp listen')`,
    );
    await admin.end();
  };

  it('ends a stream whose session was signed out during the gap, and the cookie is refused', async () => {
    const first = await signedUpUser(t.app, 'gap@example.com');
    const login = await post(t.app, '/api/auth/login', {
      email: 'gap@example.com',
      password: PASSWORD,
    });
    const second = String(login.headers['set-cookie']).split(';')[0] ?? '';
    const stream = await openStream(baseUrl, second, 15_000);
    expect(stream.status).toBe(200);
    await expect.poll(() => stream.text()).toMatch(/^retry: \d+/);

    await cutTheListener();
    const signedOut = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...sameOrigin, cookie: second },
    });
    expect(signedOut.statusCode).toBe(204);

    expect(await stream.closed).toBe(true);
    // Told when to come back: within the resync window.
    const retries = [...stream.text().matchAll(/retry: (\d+)/g)].map((m) => Number(m[1]));
    expect(retries.length).toBeGreaterThanOrEqual(2);
    expect(retries.at(-1)).toBeLessThanOrEqual(1000);
    expect(stream.text()).toContain(`event: reconnect\ndata: ${retries.at(-1)}\n\n`);
    expect((await openStream(baseUrl, second)).status).toBe(401);
    expect((await openStream(baseUrl, first, 500)).status).toBe(200);
  });
});
