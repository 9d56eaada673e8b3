import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '#server/db/client.ts';
import { migrateServer } from '#server/db/migrations.ts';
import { createServerTestDatabase } from '#server-test/helper.ts';

/**
 * A migration that needs a hot table while a long transaction reads it gives up after its lock
 * timeout, instead of queueing and making every later query of that table queue behind it.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('a migration behind a long transaction', () => {
  let drop: () => Promise<void>;
  let pool: pg.Pool;
  let folder: string;
  beforeAll(async () => {
    const server = await createServerTestDatabase();
    if (!server) throw new Error('TEST_DATABASE_URL is set');
    drop = server.drop;
    pool = new pg.Pool({ connectionString: server.url, max: 4 });
    await migrateServer(pool, { migrationsFolder });
    // The committed migrations and one more, which alters the wallets every ping reads.
    folder = await mkdtemp(path.join(tmpdir(), 'btcp-migrations-'));
    await cp(migrationsFolder, folder, { recursive: true });
    const journalFile = path.join(folder, 'meta/_journal.json');
    const journal = JSON.parse(await readFile(journalFile, 'utf8'));
    const last = journal.entries.at(-1);
    journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1, tag: '9999_hot' });
    await writeFile(journalFile, JSON.stringify(journal));
    await writeFile(
      path.join(folder, '9999_hot.sql'),
      'ALTER TABLE "wallets" ADD COLUMN "probe" integer;',
    );
  });
  afterAll(async () => {
    await pool?.end();
    await drop?.();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('gives up after its lock timeout; reads of the table wait no longer than that', async () => {
    const long = await pool.connect();
    await long.query('BEGIN');
    await long.query('SELECT count(*) FROM wallets');
    try {
      const started = Date.now();
      const migrating = migrateServer(pool, {
        migrationsFolder: folder,
        lockTimeoutMs: 500,
        attempts: 2,
        pauseMs: 100,
      });
      const outcome = migrating.then(
        () => 'applied',
        (error: Error) => error.message,
      );
      // A ping's read, sent while the migration waits for its lock.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const readStarted = Date.now();
      await pool.query('SELECT count(*) FROM wallets');
      expect(Date.now() - readStarted).toBeLessThan(1_500);
      expect(await outcome).toMatch(/gave up: a long transaction holds it/);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await long.query('ROLLBACK');
      long.release();
    }
    // Once the long transaction is over, the same migration goes through.
    await migrateServer(pool, { migrationsFolder: folder, lockTimeoutMs: 500 });
    const { rows } = await pool.query(
      `SELECT 1 FROM information_schema.columns WHERE table_name = 'wallets' AND column_name = 'probe'`,
    );
    expect(rows).toHaveLength(1);
  });
});
