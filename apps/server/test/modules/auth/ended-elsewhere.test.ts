import type { SessionList } from '@btcp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpiredSessions } from '#server/modules/auth/index.ts';
import {
  adminCookie,
  login,
  PASSWORD,
  post,
  register,
  signedUpUser,
  userIdOf,
  verify,
} from '#server-test/accounts.ts';
import { createTestApp, manualClock, sameOrigin, type TestApp } from '#server-test/helper.ts';

/**
 * What a member's browser is told about its session (decision 057): why it was signed out, whether
 * this is the first sign-in, and what kind of device each session is on.
 */

let t: TestApp;
const clock = manualClock();
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const sessionOf = (cookie: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });

const send = (method: 'DELETE' | 'POST', url: string, cookie: string) =>
  t.app.inject({ method, url, headers: { ...sameOrigin, cookie } });

async function sessionIds(cookie: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/account/sessions',
    headers: { cookie },
  });
  return (response.json() as SessionList).items;
}

describe('a session ended from another device', () => {
  it('is told so once by GET /api/auth/session, which clears its cookie', async () => {
    const here = await signedUpUser(t.app, 'phone-and-laptop@example.com');
    const there = await login(t.app, 'phone-and-laptop@example.com');
    const signedOut = await send('POST', '/api/account/sessions/sign-out-others', there);
    expect(signedOut.statusCode, signedOut.body).toBe(204);

    const answer = await sessionOf(here);
    expect(answer.json()).toEqual({ user: null, admin: null, endedElsewhere: true });
    const cleared = answer.cookies.find((cookie) => cookie.name === 'btcp_session');
    expect(cleared?.value).toBe('');
    // The session that did it is still signed in and told nothing of the kind.
    expect((await sessionOf(there)).json()).toMatchObject({ user: { email: expect.any(String) } });
    expect((await sessionOf(there)).json()).not.toHaveProperty('endedElsewhere');
  });

  it('is told so when signed out by its listed id, and after a password change elsewhere', async () => {
    const here = await signedUpUser(t.app, 'one-by-one@example.com');
    const there = await login(t.app, 'one-by-one@example.com');
    const target = (await sessionIds(there)).find((session) => !session.current);
    if (!target) throw new Error('no other session');
    expect((await send('DELETE', `/api/account/sessions/${target.id}`, there)).statusCode).toBe(
      204,
    );
    expect((await sessionOf(here)).json()).toMatchObject({ endedElsewhere: true });

    const laptop = await login(t.app, 'one-by-one@example.com');
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/account/password',
      headers: { ...sameOrigin, cookie: there },
      payload: {
        currentPassword: PASSWORD,
        newPassword: 'a brand new passphrase',
        confirmPassword: 'a brand new passphrase',
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await sessionOf(laptop)).json()).toMatchObject({ endedElsewhere: true });
  });

  it('is not claimed for a session that expired, was signed out here, ended by staff, or never was', async () => {
    const expiring = await signedUpUser(t.app, 'expiring@example.com');
    clock.advance(25 * 3_600_000);
    expect((await sessionOf(expiring)).json()).toEqual({ user: null, admin: null });

    const leaving = await login(t.app, 'expiring@example.com');
    expect((await send('POST', '/api/auth/logout', leaving)).statusCode).toBe(204);
    expect((await sessionOf(leaving)).json()).toEqual({ user: null, admin: null });

    const banned = await login(t.app, 'expiring@example.com');
    const admin = await adminCookie(t.app);
    const userId = await userIdOf(t.database.db, 'expiring@example.com');
    const ended = await send('POST', `/api/admin/users/${userId}/sessions/end`, admin);
    expect(ended.statusCode, ended.body).toBe(204);
    expect((await sessionOf(banned)).json()).toEqual({ user: null, admin: null });

    expect((await sessionOf('btcp_session=never-a-session')).json()).toEqual({
      user: null,
      admin: null,
    });
  });

  it('is forgotten once the ended session would have expired anyway', async () => {
    const here = await signedUpUser(t.app, 'forgotten@example.com');
    const there = await login(t.app, 'forgotten@example.com');
    await send('POST', '/api/account/sessions/sign-out-others', there);
    clock.advance(25 * 3_600_000);
    await purgeExpiredSessions(t.app.db, clock.now());
    expect((await sessionOf(here)).json()).toEqual({ user: null, admin: null });
  });
});

describe('the first sign-in', () => {
  it('is marked firstSignIn, and no later one is', async () => {
    await register(t.app, 'newcomer@example.com');
    await verify(t.app, 'newcomer@example.com');
    const first = await post(t.app, '/api/auth/login', {
      email: 'newcomer@example.com',
      password: PASSWORD,
      remember: false,
    });
    expect(first.json()).toMatchObject({ firstSignIn: true });
    await t.app.lastSeen.flush();
    const second = await post(t.app, '/api/auth/login', {
      email: 'newcomer@example.com',
      password: PASSWORD,
      remember: false,
    });
    expect(second.statusCode).toBe(200);
    expect(second.json()).not.toHaveProperty('firstSignIn');
  });
});

describe('the session list', () => {
  it('names the kind of device from the user agent: phone, tablet or desktop', async () => {
    await signedUpUser(t.app, 'devices@example.com');
    const agents = {
      phone:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      android:
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      tablet:
        'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    };
    let cookie = '';
    for (const userAgent of Object.values(agents)) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { ...sameOrigin, 'user-agent': userAgent },
        payload: { email: 'devices@example.com', password: PASSWORD, remember: false },
      });
      cookie = `btcp_session=${response.cookies.find((c) => c.name === 'btcp_session')?.value}`;
    }
    const items = await sessionIds(cookie);
    // The sign-up's session sent no user agent: a desktop, as nothing says otherwise.
    expect(items.map((item) => item.device).sort()).toEqual([
      'desktop',
      'phone',
      'phone',
      'tablet',
    ]);
  });
});
