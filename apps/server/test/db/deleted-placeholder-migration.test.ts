import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '#server/db/client.ts';
import { migrateServer } from '#server/db/migrations.ts';
import { createServerTestDatabase } from '#server-test/helper.ts';

/** Existing rows, migrated from the schema before the deleted-account placeholder changed form. */
describe.runIf(process.env.TEST_DATABASE_URL)('the deleted-account placeholder migration', () => {
  let drop: () => Promise<void>;
  let pool: pg.Pool;
  let before: string;
  beforeAll(async () => {
    const server = await createServerTestDatabase();
    if (!server) throw new Error('TEST_DATABASE_URL is set');
    drop = server.drop;
    pool = new pg.Pool({ connectionString: server.url, max: 2 });
    before = await mkdtemp(path.join(tmpdir(), 'btcp-migrations-'));
    await cp(migrationsFolder, before, { recursive: true });
    const journalFile = path.join(before, 'meta/_journal.json');
    const journal = JSON.parse(await readFile(journalFile, 'utf8'));
    journal.entries = journal.entries.filter(
      (entry: { tag: string }) => entry.tag < '0016_deleted_account_placeholder',
    );
    await writeFile(journalFile, JSON.stringify(journal));
    await migrateServer(pool, { migrationsFolder: before });
  });
  afterAll(async () => {
    await pool?.end();
    await drop?.();
    if (before) await rm(before, { recursive: true, force: true });
  });

  const insertUser = async (email: string, deleted: boolean, id?: string) =>
    (
      await pool.query(
        `INSERT INTO users (id, email, email_normalized, password_hash, deleted_at)
         VALUES (coalesce($1::uuid, gen_random_uuid()), $2, lower($2), 'x', CASE WHEN $3 THEN now() END)
         RETURNING id`,
        [id ?? null, email, deleted],
      )
    ).rows[0].id as string;

  it('rewrites deleted accounts’ placeholders, even where a live account took the old one', async () => {
    const gone = '7d0d7d3e-3f51-4a43-9b0e-2f8a6f0c1a01';
    const deleted = await insertUser(`deleted-${gone}@deleted.invalid`, true, gone);
    const otherId = '7d0d7d3e-3f51-4a43-9b0e-2f8a6f0c1a02';
    // The clash the old form allowed: someone registered the placeholder a deletion would take.
    const squatter = await insertUser(`deleted-${otherId}@deleted.invalid`, false);
    const live = await insertUser('stays@example.com', false, otherId);
    await migrateServer(pool, { migrationsFolder });

    const { rows } = await pool.query(
      'SELECT id, email, email_normalized FROM users ORDER BY email',
    );
    expect(rows).toEqual(
      expect.arrayContaining([
        { id: deleted, email: `deleted:${gone}`, email_normalized: `deleted:${gone}` },
        { id: live, email: 'stays@example.com', email_normalized: 'stays@example.com' },
        {
          id: squatter,
          email: `deleted-${otherId}@deleted.invalid`,
          email_normalized: `deleted-${otherId}@deleted.invalid`,
        },
      ]),
    );
    // The live account can now be deleted despite the squatter; a live row cannot take the form.
    await pool.query(
      `UPDATE users SET email = 'deleted:' || id::text, email_normalized = 'deleted:' || id::text,
         deleted_at = now() WHERE id = $1`,
      [live],
    );
    await expect(
      pool.query(`UPDATE users SET email = 'deleted:' || id::text WHERE id = $1`, [squatter]),
    ).rejects.toThrow(/users_email_shape/);
  });
});
