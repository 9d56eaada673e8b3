import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '#server/db/client.ts';
import { migrateServer } from '#server/db/migrations.ts';
import { normalizeEmail } from '#server/lib/email-identity.ts';
import { createServerTestDatabase } from '#server-test/helper.ts';

/**
 * Accounts made before the one-mailbox rule get the normalised address the app computes; of two
 * that share a mailbox the older keeps it. Unverified referred members wait to qualify.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('the fair-mining migration on existing data', () => {
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
      (entry: { tag: string }) => entry.tag < '0015_fair_mining',
    );
    await writeFile(journalFile, JSON.stringify(journal));
    await migrateServer(pool, { migrationsFolder: before });
  });
  afterAll(async () => {
    await pool?.end();
    await drop?.();
    if (before) await rm(before, { recursive: true, force: true });
  });

  it('fills the normalised addresses and the waiting referrals', async () => {
    const emails = [
      'Jane.Doe+a@Gmail.com',
      'janedoe@googlemail.com',
      'sam+x@outlook.com',
      'Plain@Example.com',
      'a.b+c@example.org',
    ];
    const ids: string[] = [];
    for (const [index, email] of emails.entries()) {
      const { rows } = await pool.query(
        `INSERT INTO users (email, password_hash, created_at, email_verified_at)
         VALUES ($1, 'x', now() - make_interval(mins => $2), CASE WHEN $3 THEN now() END)
         RETURNING id`,
        [email, 10 - index, index === 0 || index > 2],
      );
      ids.push(rows[0].id);
      await pool.query(
        `INSERT INTO profiles (id, referral_code, referred_by) VALUES ($1, $2, $3)`,
        [rows[0].id, `ABCDEFG${index + 2}`, index === 0 ? null : ids[0]],
      );
    }
    await migrateServer(pool, { migrationsFolder });
    const { rows } = await pool.query(
      'SELECT email, email_normalized FROM users ORDER BY created_at',
    );
    expect(rows).toEqual([
      { email: emails[0], email_normalized: normalizeEmail(emails[0] ?? '') },
      { email: emails[1], email_normalized: null },
      ...emails.slice(2).map((email) => ({ email, email_normalized: normalizeEmail(email) })),
    ]);
    const waiting = await pool.query(
      'SELECT referred_user_id FROM pending_referrals ORDER BY created_at',
    );
    // Two referred members had not verified (the second and third); the others had.
    expect(waiting.rows.map((row) => row.referred_user_id)).toEqual([ids[1], ids[2]]);
  });
});
