import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseMigratedBefore } from './migrated-before.ts';

/** Existing rows, migrated from the schema before the deleted-account placeholder changed form. */
describe.runIf(process.env.TEST_DATABASE_URL)('the deleted-account placeholder migration', () => {
  let database: Awaited<ReturnType<typeof databaseMigratedBefore>>;
  let pool: pg.Pool;
  beforeAll(async () => {
    database = await databaseMigratedBefore('0016_deleted_account_placeholder');
    pool = database.pool;
  });
  afterAll(() => database?.close());

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
    await database.migrateRest();

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
