import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeEmail } from '#server/lib/email-identity.ts';
import { databaseMigratedBefore } from './migrated-before.ts';

/**
 * Accounts stored as `"x"@host` or `x@host.` before the forms refused them get the mailbox the
 * app computes, unless an account holds it already or an older one of them takes it.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('the mailbox spellings migration', () => {
  let database: Awaited<ReturnType<typeof databaseMigratedBefore>>;
  let pool: pg.Pool;
  beforeAll(async () => {
    database = await databaseMigratedBefore('0017_mailbox_spellings');
    pool = database.pool;
  });
  afterAll(() => database?.close());

  it('gives each spelling its mailbox once', async () => {
    // As the app stored them: lower case, and the spelling kept as typed.
    const stored = [
      ['owner@gmail.com', 'owner@gmail.com'],
      ['"owner"@gmail.com', '"owner"@gmail.com'],
      ['Lone.Some@Gmail.com.', 'lonesome@gmail.com.'],
      ['"Twin+a"@example.net', '"twin+a"@example.net'],
      ['twin+a@Example.net.', 'twin+a@example.net.'],
      ['"a\\"b"@example.org', '"a\\"b"@example.org'],
    ];
    for (const [index, [email, normalized]] of stored.entries()) {
      await pool.query(
        `INSERT INTO users (email, email_normalized, password_hash, created_at)
         VALUES ($1, $2, 'x', now() - make_interval(mins => $3))`,
        [email, normalized, 10 - index],
      );
    }
    await database.migrateRest();
    const { rows } = await pool.query(
      'SELECT email, email_normalized FROM users ORDER BY created_at',
    );
    const mailbox = (email: string) => normalizeEmail(email);
    expect(rows).toEqual([
      { email: 'owner@gmail.com', email_normalized: 'owner@gmail.com' },
      // Its mailbox has an account: it keeps none, as the older of two did under decision 031.
      { email: '"owner"@gmail.com', email_normalized: null },
      { email: 'Lone.Some@Gmail.com.', email_normalized: mailbox('Lone.Some@Gmail.com.') },
      { email: '"Twin+a"@example.net', email_normalized: mailbox('"Twin+a"@example.net') },
      { email: 'twin+a@Example.net.', email_normalized: null },
      { email: '"a\\"b"@example.org', email_normalized: mailbox('"a\\"b"@example.org') },
    ]);
    expect(rows[2].email_normalized).toBe('lonesome@gmail.com');
    expect(rows[5].email_normalized).toBe('a"b@example.org');
  });
});
