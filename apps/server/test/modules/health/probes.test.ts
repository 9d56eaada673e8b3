import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, serverUrlOf, type TestApp } from '#server-test/helper.ts';

const get = (t: TestApp, url: string) => t.app.inject({ method: 'GET', url });

describe('liveness and readiness', () => {
  let t: TestApp;
  let queries = 0;
  beforeAll(async () => {
    t = await createTestApp({ onQuery: () => (queries += 1) });
  });
  afterAll(() => t.close());

  it('/livez answers 200 without asking the database anything', async () => {
    queries = 0;
    const response = await get(t, '/livez');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', reasons: [] });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(queries).toBe(0);
  });

  it('/readyz answers 200 when the database answers, is migrated and is heard', async () => {
    const response = await get(t, '/readyz');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', reasons: [] });
  });

  it('/livez still answers 200 and /readyz 503 when the database is gone', async () => {
    const own = await createTestApp();
    await own.database.close();
    expect((await get(own, '/livez')).statusCode).toBe(200);
    const ready = await get(own, '/readyz');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({
      status: 'not ready',
      reasons: ['the database does not answer'],
    });
    expect(ready.headers['retry-after']).toBe('1');
    await own.app.close().catch(() => {});
  });

  it('/readyz answers 503 while a committed migration is not applied', async () => {
    const own = await createTestApp();
    try {
      // As another process sees the database while it is still applying the newest migration.
      const taken = await own.database.db.execute(
        sql`DELETE FROM drizzle.__drizzle_migrations
            WHERE id = (SELECT max(id) FROM drizzle.__drizzle_migrations)
            RETURNING id, hash, created_at`,
      );
      const [row] = (
        taken as unknown as { rows: { id: number; hash: string; created_at: string }[] }
      ).rows;
      if (!row) throw new Error('no migration recorded');
      const ready = await get(own, '/readyz');
      expect(ready.statusCode).toBe(503);
      expect(ready.json().reasons).toEqual(['database migrations are not all applied']);
      await own.database.db.execute(
        sql`INSERT INTO drizzle.__drizzle_migrations (id, hash, created_at)
            VALUES (${row.id}, ${row.hash}, ${row.created_at})`,
      );
      expect((await get(own, '/readyz')).statusCode).toBe(200);
    } finally {
      await own.close();
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    '/readyz answers 503 while the listening connection is down, and 200 once it is back',
    async () => {
      const url = serverUrlOf(t.database);
      if (!url) throw new Error('no server URL');
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        await admin.query(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
           WHERE datname = current_database() AND starts_with(application_name, 'btcp listen')`,
        );
        await expect
          .poll(async () => (await get(t, '/readyz')).json().reasons, { timeout: 2_000 })
          .toEqual(['the notification listener is reconnecting']);
        await expect
          .poll(async () => (await get(t, '/readyz')).statusCode, { timeout: 5_000 })
          .toBe(200);
      } finally {
        await admin.end();
      }
    },
  );
});
