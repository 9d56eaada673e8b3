import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUsers, profiles, sessions, users } from '#server/db/schema.ts';
import { hashToken } from '#server/lib/tokens.ts';
import { signedUpUser } from '#server-test/accounts.ts';
import { createTestApp, manualClock, type TestApp } from '#server-test/helper.ts';

describe('GET /api/auth/session', () => {
  let t: TestApp;
  const userToken = randomBytes(32).toString('base64url');
  const expiredToken = randomBytes(32).toString('base64url');
  const adminToken = randomBytes(32).toString('base64url');

  beforeAll(async () => {
    t = await createTestApp();
    const [user] = await t.database.db
      .insert(users)
      .values({ email: 'miner@example.com', passwordHash: 'argon2-hash-never-sent' })
      .returning();
    if (!user) throw new Error('no user');
    await t.database.db
      .insert(profiles)
      .values({ id: user.id, referralCode: 'ABCD2345', isBanned: true });
    const [admin] = await t.database.db
      .insert(adminUsers)
      .values({ email: 'admin@example.com', passwordHash: 'admin-hash-never-sent' })
      .returning();
    if (!admin) throw new Error('no admin');
    const inOneDay = new Date(Date.now() + 86_400_000);
    await t.database.db.insert(sessions).values([
      { tokenHash: hashToken(userToken), kind: 'user', userId: user.id, expiresAt: inOneDay },
      {
        tokenHash: hashToken(expiredToken),
        kind: 'user',
        userId: user.id,
        expiresAt: new Date(Date.now() - 1000),
      },
      { tokenHash: hashToken(adminToken), kind: 'admin', adminId: admin.id, expiresAt: inOneDay },
    ]);
  });
  afterAll(() => t.close());

  it('says nobody is signed in without cookies', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/session' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user: null, admin: null });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('names the signed-in user and admin, and never a hash or token', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      cookies: { btcp_session: userToken, btcp_admin_session: adminToken },
    });
    expect(response.json()).toEqual({
      user: {
        id: expect.any(String),
        email: 'miner@example.com',
        isBanned: true,
        isModerator: false,
      },
      admin: { id: expect.any(String), email: 'admin@example.com' },
    });
    expect(response.body).not.toMatch(/hash|never-sent/);
    expect(response.body).not.toContain(userToken);
  });

  it('ignores expired, unknown and cross-kind tokens', async () => {
    const attempts: Record<string, string>[] = [
      { btcp_session: expiredToken },
      { btcp_session: 'forged-token' },
      { btcp_session: adminToken, btcp_admin_session: userToken },
    ];
    for (const cookies of attempts) {
      const response = await t.app.inject({ method: 'GET', url: '/api/auth/session', cookies });
      expect(response.json()).toEqual({ user: null, admin: null });
    }
  });
});

describe('a session in use, kept in memory (decisions 013, 014)', () => {
  let t: TestApp;
  const clock = manualClock(new Date('2026-06-01T12:00:00Z'));
  /** Each statement that read sessions, as the number of sessions it named. */
  const sessionReads: number[] = [];

  beforeAll(async () => {
    t = await createTestApp({
      clock,
      onQuery: (text, params) => {
        // The cache's reads: by an array of hashes, or by one (decision 040).
        if (!/^select "sessions"\."token_hash".*"token_hash" = (ANY\(|\$)/s.test(text)) return;
        sessionReads.push(String(params[0]).split(',').length);
      },
    });
  });
  afterAll(() => t.close());

  const account = (cookie: string) =>
    t.app.inject({ method: 'GET', url: '/api/account', headers: { cookie } });

  it('is read again in the background, not on a request’s path, and is refused once gone', async () => {
    const kept = await signedUpUser(t.app, 'kept@example.com');
    const removed = await signedUpUser(t.app, 'removed@example.com');
    for (const cookie of [kept, removed]) expect((await account(cookie)).statusCode).toBe(200);
    // An operator deletes a session by hand: no notification tells the processes.
    const token = removed.slice(removed.indexOf('=') + 1);
    await t.database.db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));

    clock.advance(4.5 * 60_000);
    sessionReads.length = 0;
    for (const cookie of [kept, removed]) expect((await account(cookie)).statusCode).toBe(200);
    // A read in the background (of both, or of each, as the requests arrive) ends the removed
    // session; it is then read on its next request, alone, and not found.
    const deadline = Date.now() + 2_000;
    let status = 200;
    while (status === 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      status = (await account(removed)).statusCode;
    }
    expect(status).toBe(401);
    expect(sessionReads.length).toBeGreaterThanOrEqual(2);
    expect(sessionReads.at(-1)).toBe(1);

    // Read again at 4.5 minutes, the session in use is still kept past five.
    clock.advance(60_000);
    sessionReads.length = 0;
    expect((await account(kept)).statusCode).toBe(200);
    expect(sessionReads).toEqual([]);
  });
});
