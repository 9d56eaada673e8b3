import { authMessages } from '@btcp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUsers, users } from '#server/db/schema.ts';
import { adminCookie, PASSWORD, post, postProven, signedUpUser } from '#server-test/accounts.ts';
import { createTestApp, type TestApp } from '#server-test/helper.ts';

/**
 * Addresses in the special-use domains (RFC 2606 and 6761, and `.local`) reach no mailbox, and
 * are refused wherever an address is chosen for an account.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const RESERVED = [
  'someone@mail.invalid',
  'someone@btcp.test',
  'someone@Shop.EXAMPLE',
  'someone@localhost.localhost',
  'someone@printer.local',
];

const emailsOf = async (table: typeof users | typeof adminUsers) =>
  (await t.database.db.select({ email: table.email }).from(table)).map((row) => row.email);

describe('special-use domains', () => {
  it('are refused at registration with a field message, and nothing is written', async () => {
    for (const email of RESERVED) {
      const response = await postProven(t.app, '/api/auth/register', {
        email,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        acceptTerms: true,
      });
      expect(response.statusCode, email).toBe(400);
      expect(response.json().error.fields.email, email).toBe(authMessages.emailReservedDomain);
    }
    expect((await emailsOf(users)).filter((email) => email.startsWith('someone@'))).toEqual([]);
  });

  it('are refused as a new address of an account', async () => {
    const cookie = await signedUpUser(t.app, 'mover@example.com');
    await post(t.app, '/api/account/reauthenticate', { password: PASSWORD }, cookie);
    const response = await post(
      t.app,
      '/api/account/email',
      { newEmail: 'mover@home.local' },
      cookie,
    );
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.fields.newEmail).toBe(authMessages.emailReservedDomain);
  });

  it('are refused for an admin, at the first run and after it', async () => {
    const firstRun = await post(t.app, '/api/admin-auth/create', {
      email: 'root@btcp.localhost',
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(firstRun.statusCode, firstRun.body).toBe(400);
    expect(firstRun.json().error.fields.email).toBe(authMessages.emailReservedDomain);
    const admin = await adminCookie(t.app);
    const another = await post(
      t.app,
      '/api/admin-auth/create',
      { email: 'ops@btcp.test', password: PASSWORD, confirmPassword: PASSWORD },
      admin,
    );
    expect(another.statusCode, another.body).toBe(400);
    expect(another.json().error.fields.email).toBe(authMessages.emailReservedDomain);
    expect(await emailsOf(adminUsers)).toEqual(['root@example.com']);
  });

  it('leave ordinary domains that merely contain their names alone', async () => {
    for (const email of ['ann@example.com', 'ann@test.org', 'ann@local.example.net']) {
      const response = await postProven(t.app, '/api/auth/register', {
        email,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        acceptTerms: true,
      });
      expect(response.statusCode, email).toBe(201);
    }
  });
});
