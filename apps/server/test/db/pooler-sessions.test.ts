import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase, pingDatabase } from '#server/db/client.ts';
import { type DatabaseProxy, startDatabaseProxy } from '#server-test/database-proxy.ts';
import { createServerTestDatabase } from '#server-test/helper.ts';

/**
 * Decision 054: behind a pooler in transaction mode, what needs a session (the listener, the
 * migrations' lock) takes the direct URL, and the pooled statements can go unnamed. The pooled
 * URL here is a relay that can be cut, standing for the pooler.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('a pooled URL and a session URL', () => {
  let server: { url: string; drop(): Promise<void> };
  let pooler: DatabaseProxy;
  const opened: DatabaseHandle[] = [];
  const open = async (options: { sessionUrl?: string; preparedStatements?: boolean }) => {
    const handle = await openDatabase(
      { kind: 'postgres', url: pooler.url, ...options },
      { poolSize: 1 },
    );
    opened.push(handle);
    return handle;
  };
  beforeAll(async () => {
    const created = await createServerTestDatabase();
    if (!created) throw new Error('TEST_DATABASE_URL is set');
    server = created;
    pooler = await startDatabaseProxy(server.url);
  });
  afterAll(async () => {
    await pooler.up().catch(() => {});
    for (const handle of opened) await handle.close();
    await pooler.close();
    await server.drop();
  });

  const notify = async (channel: string, payload: string) => {
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    await client.query('SELECT pg_notify($1, $2)', [channel, payload]);
    await client.end();
  };

  it('migrates and listens on the session URL, so notifications arrive while the pooled one is cut', async () => {
    const database = await open({ sessionUrl: server.url });
    await database.migrate();
    const heard: string[] = [];
    await database.listen('btcp_test_channel', (payload) => heard.push(payload));
    await pooler.down();
    await expect(pingDatabase(database.db)).rejects.toThrow();
    await notify('btcp_test_channel', 'still here');
    for (let waited = 0; heard.length === 0 && waited < 5_000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(heard).toEqual(['still here']);
    expect(database.isListening()).toBe(true);
    await pooler.up();
  });

  /** The statements left prepared on the one pooled connection, after a prepared ping. */
  const preparedAfterPing = async (database: DatabaseHandle) => {
    await pingDatabase(database.db);
    const result = await database.db.execute(
      sql`SELECT count(*)::int AS count FROM pg_prepared_statements`,
    );
    return (result as unknown as { rows: { count: number }[] }).rows[0]?.count;
  };

  it('keeps no statement prepared on a pooled connection with prepared statements off, and does by default', async () => {
    expect(await preparedAfterPing(await open({ preparedStatements: false }))).toBe(0);
    expect(await preparedAfterPing(await open({}))).toBeGreaterThan(0);
  });
});
