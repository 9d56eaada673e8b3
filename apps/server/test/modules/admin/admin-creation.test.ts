import { describe, expect, it } from 'vitest';
import { systemSettings } from '#server/db/schema.ts';
import { ADMIN_TWO_FACTOR_POLICY_KEY } from '#server/modules/auth/index.ts';
import { adminCookie, PASSWORD, post } from '#server-test/accounts.ts';
import { createTestApp } from '#server-test/helper.ts';

/**
 * Creating admins (decision 057): the first-run bootstrap signs its maker in as the new admin; an
 * admin adding another stays who they are.
 */

const adminSessionCookie = (response: { cookies: { name: string; value: string }[] }) =>
  response.cookies.find((cookie) => cookie.name === 'btcp_admin_session');

const me = (app: Awaited<ReturnType<typeof createTestApp>>['app'], cookie: string) =>
  app.inject({ method: 'GET', url: '/api/admin-auth/me', headers: { cookie } });

describe('the first admin', () => {
  it('is signed in by the request that creates them', async () => {
    const t = await createTestApp();
    try {
      const created = await post(t.app, '/api/admin-auth/create', {
        email: 'first@example.com',
        password: PASSWORD,
        confirmPassword: PASSWORD,
      });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json()).toEqual({
        message: 'Admin first@example.com created successfully. You are signed in.',
        admin: { id: expect.any(String), email: 'first@example.com' },
        signedIn: true,
      });
      const session = adminSessionCookie(created);
      expect(session?.value).toBeTruthy();
      const who = await me(t.app, `btcp_admin_session=${session?.value}`);
      expect(who.statusCode).toBe(200);
      expect(who.json()).toMatchObject({ role: 'admin', email: 'first@example.com' });
    } finally {
      await t.close();
    }
  });

  it('is sent to set two-factor up first when every admin must have it', async () => {
    const t = await createTestApp();
    try {
      await t.database.db
        .insert(systemSettings)
        .values({ key: ADMIN_TWO_FACTOR_POLICY_KEY, value: { requiredForAdmins: true } })
        .onConflictDoUpdate({
          target: systemSettings.key,
          set: { value: { requiredForAdmins: true } },
        });
      const created = await post(t.app, '/api/admin-auth/create', {
        email: 'careful@example.com',
        password: PASSWORD,
        confirmPassword: PASSWORD,
      });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json()).toMatchObject({ signedIn: true, twoFactorEnrolmentRequired: true });
      const who = await me(t.app, `btcp_admin_session=${adminSessionCookie(created)?.value}`);
      expect(who.json()).toMatchObject({ role: 'admin', twoFactorEnrolmentRequired: true });
    } finally {
      await t.close();
    }
  });
});

describe('another admin', () => {
  it('is created by a signed-in admin, who stays signed in as themselves', async () => {
    const t = await createTestApp();
    try {
      const root = await adminCookie(t.app, 'root@example.com');
      const created = await post(
        t.app,
        '/api/admin-auth/create',
        { email: 'colleague@example.com', password: PASSWORD, confirmPassword: PASSWORD },
        root,
      );
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json()).toEqual({
        message:
          'Admin colleague@example.com created successfully. They can now sign in with the password you chose.',
        admin: { id: expect.any(String), email: 'colleague@example.com' },
        signedIn: false,
      });
      expect(adminSessionCookie(created)).toBeUndefined();
      expect((await me(t.app, root)).json()).toMatchObject({ email: 'root@example.com' });
    } finally {
      await t.close();
    }
  });
});
