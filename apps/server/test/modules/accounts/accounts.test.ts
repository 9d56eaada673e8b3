import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, PASSWORD, post, signedUpUser } from '#server-test/accounts.ts';
import { createTestApp, sameOrigin, type TestApp } from '#server-test/helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const patch = (payload: unknown, cookie?: string) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/account',
    headers: { ...sameOrigin, ...(cookie ? { cookie } : {}) },
    payload: payload as Record<string, unknown>,
  });

describe('/api/account', () => {
  it('answers 401 to a signed-out request on every route', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/account' })).statusCode).toBe(401);
    expect((await patch({ username: 'someone' })).statusCode).toBe(401);
    const password = await post(t.app, '/api/account/password', {
      newPassword: 'a new password',
      confirmPassword: 'a new password',
    });
    expect(password.statusCode).toBe(401);
  });

  it('shows the profile with the email read-only and changes the username', async () => {
    const cookie = await signedUpUser(t.app, 'profile@example.com');
    const account = await t.app.inject({ method: 'GET', url: '/api/account', headers: { cookie } });
    expect(account.json()).toMatchObject({
      email: 'profile@example.com',
      username: null,
      isBanned: false,
    });
    const updated = await patch({ username: 'Satoshi_1', email: 'evil@example.com' }, cookie);
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ username: 'Satoshi_1', email: 'profile@example.com' });
  });

  it('keeps usernames unique whatever their case, and well formed', async () => {
    const cookie = await signedUpUser(t.app, 'second@example.com');
    const taken = await patch({ username: 'satoshi_1' }, cookie);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatchObject({
      code: 'USERNAME_TAKEN',
      fields: { username: 'This username is already taken' },
    });
    for (const username of ['ab', 'a'.repeat(31), 'has space', 'dash-ed']) {
      expect((await patch({ username }, cookie)).statusCode, username).toBe(400);
    }
  });

  it('changes the password and ends every other session (D3)', async () => {
    const current = await login(t.app, 'profile@example.com');
    const other = await login(t.app, 'profile@example.com');
    const sessionOf = async (cookie: string) =>
      (await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } })).json()
        .user;
    const mismatch = await post(
      t.app,
      '/api/account/password',
      { currentPassword: PASSWORD, newPassword: 'a new password', confirmPassword: 'another one' },
      current,
    );
    expect(mismatch.json().error.fields.confirmPassword).toBe(
      'New password and confirm password must match.',
    );
    // A borrowed, signed-in session cannot change the password without knowing it.
    const wrongCurrent = await post(
      t.app,
      '/api/account/password',
      {
        currentPassword: 'not the password',
        newPassword: 'a new password',
        confirmPassword: 'a new password',
      },
      current,
    );
    expect(wrongCurrent.statusCode).toBe(400);
    expect(wrongCurrent.json().error.fields).toEqual({
      currentPassword: 'Current password is incorrect',
    });
    const missingCurrent = await post(
      t.app,
      '/api/account/password',
      { newPassword: 'a new password', confirmPassword: 'a new password' },
      current,
    );
    expect(missingCurrent.statusCode).toBe(400);
    expect(await sessionOf(other)).not.toBeNull();
    const changed = await post(
      t.app,
      '/api/account/password',
      {
        currentPassword: PASSWORD,
        newPassword: 'a new password',
        confirmPassword: 'a new password',
      },
      current,
    );
    expect(changed.statusCode).toBe(200);
    expect(await sessionOf(current)).not.toBeNull();
    expect(await sessionOf(other)).toBeNull();
    expect(
      (await post(t.app, '/api/auth/login', { email: 'profile@example.com', password: PASSWORD }))
        .statusCode,
    ).toBe(401);
    await login(t.app, 'profile@example.com', 'a new password');
  });
});
