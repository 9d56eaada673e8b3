import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, adminUsers, profiles } from '#server/db/schema.ts';
import { adminCookie, PASSWORD, post, signedUpUser, userIdOf } from '#server-test/accounts.ts';
import { createTestApp, sameOrigin, type TestApp } from '#server-test/helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const patchUser = (id: string, payload: Record<string, unknown>, cookie?: string) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/admin/users/${id}`,
    headers: { ...sameOrigin, ...(cookie ? { cookie } : {}) },
    payload,
  });

const userId = (email: string) => userIdOf(t.database.db, email);

describe('first-run bootstrap (D8)', () => {
  it('lets anyone create the first admin, and nobody without an admin session after that', async () => {
    expect((await get('/api/admin-auth/bootstrap')).json()).toEqual({ adminExists: false });
    const body = { email: 'first@example.com', password: PASSWORD, confirmPassword: PASSWORD };
    const [first, racing] = await Promise.all([
      post(t.app, '/api/admin-auth/create', body),
      post(t.app, '/api/admin-auth/create', { ...body, email: 'racer@example.com' }),
    ]);
    expect([first.statusCode, racing.statusCode].sort()).toEqual([201, 403]);
    expect((await get('/api/admin-auth/bootstrap')).json()).toEqual({ adminExists: true });
    const late = await post(t.app, '/api/admin-auth/create', {
      ...body,
      email: 'late@example.com',
    });
    expect(late.statusCode).toBe(403);
  });

  it('lets a signed-in admin create another admin, audited', async () => {
    const [winner] = await t.database.db.select({ email: adminUsers.email }).from(adminUsers);
    const cookie = await adminCookie(t.app, winner?.email);
    const created = await post(
      t.app,
      '/api/admin-auth/create',
      { email: 'second-admin@example.com', password: PASSWORD, confirmPassword: PASSWORD },
      cookie,
    );
    expect(created.statusCode).toBe(201);
    expect(created.json().message).toBe(
      'Admin second-admin@example.com created successfully. They can now sign in with the password you chose.',
    );
    const audits = await t.database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, 'admin.create'));
    expect(audits).toHaveLength(1);
  });
});

describe('admin sign-in', () => {
  it('refuses wrong credentials with the product message', async () => {
    const response = await post(t.app, '/api/admin-auth/login', {
      email: 'second-admin@example.com',
      password: 'nope nope nope',
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toBe('Invalid email or password');
  });

  it('keeps the admin session apart from the user session', async () => {
    const cookie = await adminCookie(t.app, 'second-admin@example.com');
    expect((await get('/api/admin-auth/me', cookie)).json()).toMatchObject({
      role: 'admin',
      email: 'second-admin@example.com',
    });
    expect((await get('/api/auth/session', cookie)).json()).toMatchObject({
      user: null,
      admin: { email: 'second-admin@example.com' },
    });
    const out = await post(t.app, '/api/admin-auth/logout', undefined, cookie);
    expect(out.statusCode).toBe(204);
    expect((await get('/api/admin-auth/me', cookie)).statusCode).toBe(401);
  });
});

describe('guards (D7)', () => {
  const adminOnly = ['/api/admin/stats', '/api/admin/users'];

  it('answers 401 without a session and 403 to users and moderators on admin-only routes', async () => {
    const user = await signedUpUser(t.app, 'plain@example.com');
    const moderator = await signedUpUser(t.app, 'moderator@example.com');
    await t.database.db
      .update(profiles)
      .set({ isModerator: true })
      .where(eq(profiles.id, await userId('moderator@example.com')));
    for (const url of adminOnly) {
      expect((await get(url)).statusCode, url).toBe(401);
      expect((await get(url, user)).statusCode, url).toBe(403);
      expect((await get(url, moderator)).statusCode, url).toBe(403);
    }
    const target = await userId('plain@example.com');
    expect((await patchUser(target, { isBanned: true }, user)).statusCode).toBe(403);
    expect((await patchUser(target, { isBanned: true }, moderator)).statusCode).toBe(403);
    const password = {
      currentPassword: PASSWORD,
      newPassword: 'whatever123',
      confirmPassword: 'whatever123',
    };
    expect((await post(t.app, '/api/admin/password', password, moderator)).statusCode).toBe(403);

    expect((await get('/api/admin-auth/me', moderator)).json()).toMatchObject({
      role: 'moderator',
    });
    const denied = await get('/api/admin-auth/me', user);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.message).toBe('You don’t have admin privileges');
    // Revocation is noticed on the very next request.
    const admin = await adminCookie(t.app, 'second-admin@example.com');
    const revoked = await patchUser(
      await userId('moderator@example.com'),
      { isModerator: false },
      admin,
    );
    expect(revoked.statusCode).toBe(200);
    expect((await get('/api/admin-auth/me', moderator)).statusCode).toBe(403);
  });
});

describe('admin users', () => {
  it('searches email or username case-insensitively, paginated on the server', async () => {
    const cookie = await adminCookie(t.app, 'second-admin@example.com');
    await t.database.db
      .update(profiles)
      .set({ username: 'Needle_User' })
      .where(eq(profiles.id, await userId('plain@example.com')));
    const byName = (await get('/api/admin/users?search=needle', cookie)).json();
    expect(byName.items.map((u: { email: string }) => u.email)).toEqual(['plain@example.com']);
    const byEmail = (await get('/api/admin/users?search=MODERATOR%40', cookie)).json();
    expect(byEmail.total).toBe(1);
    const page = (await get('/api/admin/users?pageSize=1&page=2', cookie)).json();
    expect(page.items).toHaveLength(1);
    expect(page.total).toBe(2);
    expect(JSON.stringify(page)).not.toMatch(/argon2|password/i);
    expect((await get('/api/admin/users?pageSize=1000', cookie)).statusCode).toBe(400);
  });

  it('bans, unbans and toggles the moderator flag, each audited; the user sees the ban', async () => {
    const cookie = await adminCookie(t.app, 'second-admin@example.com');
    const target = await userId('plain@example.com');
    const banned = await patchUser(target, { isBanned: true }, cookie);
    expect(banned.json()).toMatchObject({ isBanned: true, email: 'plain@example.com' });
    await patchUser(target, { isModerator: true }, cookie);
    await patchUser(target, { isModerator: false }, cookie);
    const actions = (
      await t.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, target))
    ).map((row) => row.action);
    expect(actions.sort()).toEqual(['user.ban', 'user.moderator.grant', 'user.moderator.revoke']);
    const { login } = await import('#server-test/accounts.ts');
    const userCookie = await login(t.app, 'plain@example.com');
    expect((await get('/api/auth/session', userCookie)).json().user.isBanned).toBe(true);
    expect(
      (await patchUser('00000000-0000-4000-8000-000000000000', { isBanned: true }, cookie))
        .statusCode,
    ).toBe(404);
    expect((await patchUser(target, {}, cookie)).statusCode).toBe(400);
  });

  it('reports real dashboard figures', async () => {
    const cookie = await adminCookie(t.app, 'second-admin@example.com');
    const stats = (await get('/api/admin/stats', cookie)).json();
    expect(stats).toEqual({
      registeredUsers: 2,
      activeMiners: 0,
      circulation: '0.00000000',
      communityPosts: 0,
      flaggedPosts: 0,
      openReports: 0,
    });
  });
});

describe('admin password', () => {
  it('checks the current password, then changes it and ends other admin sessions', async () => {
    const cookie = await adminCookie(t.app, 'second-admin@example.com');
    const other = await adminCookie(t.app, 'second-admin@example.com');
    const wrong = await post(
      t.app,
      '/api/admin/password',
      {
        currentPassword: 'not it at all',
        newPassword: 'fresh password',
        confirmPassword: 'fresh password',
      },
      cookie,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields.currentPassword).toBe('Current password is incorrect');
    const short = await post(
      t.app,
      '/api/admin/password',
      { currentPassword: PASSWORD, newPassword: 'short', confirmPassword: 'short' },
      cookie,
    );
    expect(short.json().error.fields.newPassword).toBe(
      'New password must be at least 8 characters',
    );
    const mismatch = await post(
      t.app,
      '/api/admin/password',
      {
        currentPassword: PASSWORD,
        newPassword: 'fresh password',
        confirmPassword: 'fresh passw0rd',
      },
      cookie,
    );
    expect(mismatch.json().error.fields.confirmPassword).toBe('New passwords do not match');
    const ok = await post(
      t.app,
      '/api/admin/password',
      {
        currentPassword: PASSWORD,
        newPassword: 'fresh password',
        confirmPassword: 'fresh password',
      },
      cookie,
    );
    expect(ok.json()).toEqual({ message: 'Password has been updated' });
    expect((await get('/api/admin-auth/me', cookie)).statusCode).toBe(200);
    expect((await get('/api/admin-auth/me', other)).statusCode).toBe(401);
  });
});
