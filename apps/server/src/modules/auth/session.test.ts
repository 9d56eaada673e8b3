import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { adminUsers, profiles, sessions, users } from '../../db/schema.ts';
import { hashToken } from '../../lib/tokens.ts';

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
