import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCookie, PASSWORD, signedUpUser } from '#server-test/accounts.ts';
import type { DatabaseProxy } from '#server-test/database-proxy.ts';
import { createProxiedTestApp, sameOrigin, type TestApp } from '#server-test/helper.ts';

/** The server meets a PostgreSQL server that goes away and comes back, through a relay. */
describe.runIf(process.env.TEST_DATABASE_URL)('while PostgreSQL is unreachable', () => {
  let t: TestApp;
  let proxy: DatabaseProxy;
  let close: () => Promise<void>;
  let databaseName: string;
  let member: string;
  beforeAll(async () => {
    ({ t, proxy, close, databaseName } = await createProxiedTestApp());
    await adminCookie(t.app);
    member = await signedUpUser(t.app, 'outage@example.com');
  });
  afterAll(async () => {
    await asAdmin(`ALTER DATABASE ${databaseName} ALLOW_CONNECTIONS true`).catch(() => {});
    await close?.();
  });

  /** A statement on the server's maintenance database, as an operator would type it. */
  const asAdmin = async (statement: string) => {
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };

  const requests = () => [
    t.app.inject({ method: 'GET', url: '/api/wallet', headers: { cookie: member } }),
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: sameOrigin,
      payload: { email: 'outage@example.com', password: PASSWORD },
    }),
    t.app.inject({ method: 'GET', url: '/api/community/posts' }),
  ];

  it('answers 503 with Retry-After, not 500, and comes back by itself', async () => {
    await proxy.down();
    try {
      for (const [index, response] of (await Promise.all(requests())).entries()) {
        expect(response.statusCode, `request ${index}: ${response.body}`).toBe(503);
        expect(response.headers['retry-after']).toBe('5');
        expect(response.json().error.code).toBe('SERVICE_UNAVAILABLE');
      }
      expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
    } finally {
      await proxy.up();
    }
    await expect
      .poll(async () => (await Promise.all(requests())).map((r) => r.statusCode), {
        timeout: 30_000,
        interval: 500,
      })
      .toEqual([200, 200, 200]);
    await expect
      .poll(async () => (await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode, {
        timeout: 30_000,
        interval: 500,
      })
      .toBe(200);
  });

  it('answers 503, not 500, while the database refuses new connections for maintenance', async () => {
    // PostgreSQL refuses each new connection with a FATAL 55000 while this is set; the pool's
    // open connections are ended so that every request needs a new one.
    await asAdmin(`ALTER DATABASE ${databaseName} ALLOW_CONNECTIONS false`);
    try {
      await asAdmin(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${databaseName}'`,
      );
      for (let round = 0; round < 3; round++) {
        for (const [index, response] of (await Promise.all(requests())).entries()) {
          expect(response.statusCode, `round ${round}, request ${index}: ${response.body}`).toBe(
            503,
          );
          expect(response.headers['retry-after']).toBe('5');
        }
      }
    } finally {
      await asAdmin(`ALTER DATABASE ${databaseName} ALLOW_CONNECTIONS true`);
    }
    await expect
      .poll(async () => (await Promise.all(requests())).map((r) => r.statusCode), {
        timeout: 30_000,
        interval: 500,
      })
      .toEqual([200, 200, 200]);
  });
});
