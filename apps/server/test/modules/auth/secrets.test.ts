import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUsers, emailTokens, sessions, systemSettings, users } from '#server/db/schema.ts';
import { adminCookie, post, postProven, signedUpUser } from '#server-test/accounts.ts';
import { createTestApp, sameOrigin, type TestApp } from '#server-test/helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** No endpoint ever returns a password hash or a token hash, whoever asks. */
describe('secrets stay on the server', () => {
  it('appear in no response of any route a user or an admin can call', async () => {
    const bodies: string[] = [];
    const record = async (promise: Promise<{ body: string }>) => {
      bodies.push((await promise).body);
    };
    const user = await signedUpUser(t.app, 'secret-keeper@example.com');
    const admin = await adminCookie(t.app);
    await record(
      post(t.app, '/api/auth/login', {
        email: 'secret-keeper@example.com',
        password: 'correct horse battery',
      }),
    );
    await record(
      postProven(t.app, '/api/auth/forgot-password', { email: 'secret-keeper@example.com' }),
    );
    for (const [url, cookie] of [
      ['/api/auth/session', user],
      ['/api/auth/session', admin],
      ['/api/account', user],
      ['/api/admin/users', admin],
      ['/api/admin-auth/me', admin],
      ['/api/admin/stats', admin],
      ['/api/admin/settings/sign-up', admin],
      ['/api/auth/challenge', ''],
      ['/api/dev/mailbox', ''],
      ['/api/docs/json', ''],
    ] as const) {
      await record(
        t.app.inject({
          method: 'GET',
          url,
          headers: { ...sameOrigin, ...(cookie ? { cookie } : {}) },
        }),
      );
    }
    const secrets = [
      ...(await t.database.db.select({ s: users.passwordHash }).from(users)),
      ...(await t.database.db.select({ s: adminUsers.passwordHash }).from(adminUsers)),
      ...(await t.database.db.select({ s: sessions.tokenHash }).from(sessions)),
      ...(await t.database.db.select({ s: emailTokens.tokenHash }).from(emailTokens)),
    ].map((row) => row.s);
    // The proof-of-work key the server made for itself (decision 031).
    const [proofKey] = await t.database.db
      .select({ value: systemSettings.value })
      .from(systemSettings)
      .where(eq(systemSettings.key, 'proof_of_work_secret'));
    if (!proofKey) throw new Error('no proof-of-work key was made');
    secrets.push((proofKey.value as { secret: string }).secret);
    expect(secrets.length).toBeGreaterThan(5);
    for (const body of bodies) {
      for (const secret of secrets) expect(body).not.toContain(secret);
      expect(body).not.toMatch(/\$argon2/);
    }
  });
});
