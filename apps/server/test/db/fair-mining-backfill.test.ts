import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeEmail } from '#server/lib/email-identity.ts';
import { databaseMigratedBefore } from './migrated-before.ts';

/**
 * Accounts made before the one-mailbox rule get the normalised address the app computes; of two
 * that share a mailbox the older keeps it. Unverified referred members wait to qualify.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('the fair-mining migration on existing data', () => {
  let database: Awaited<ReturnType<typeof databaseMigratedBefore>>;
  let pool: pg.Pool;
  beforeAll(async () => {
    database = await databaseMigratedBefore('0015_fair_mining');
    pool = database.pool;
  });
  afterAll(() => database?.close());

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
    await database.migrateRest();
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
