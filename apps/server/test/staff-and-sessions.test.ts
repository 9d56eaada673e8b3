import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStream } from '#server-test/streams.ts';
import { buildApp } from '../src/app.ts';
import {
  adminCookie,
  latestToken,
  login,
  PASSWORD,
  post,
  postProven,
  signedUpAuthor,
  signedUpUser,
  userIdOf,
} from './accounts.ts';
import { createTestApp, makeWebDist, openAgain, sameOrigin, type TestApp } from './helper.ts';

/** Bans take staff powers, guards come first, sessions end everywhere (docs/decisions/012). */

let t: TestApp;
/** A second instance on the same database, listening on a port, with its own streams. */
let second: Awaited<ReturnType<typeof buildApp>>;
let secondUrl: string;
let admin: string;

const userId = (email: string) => userIdOf(t.database.db, email);

async function setFlags(email: string, flags: { isBanned?: boolean; isModerator?: boolean }) {
  const response = await t.app.inject({
    method: 'PATCH',
    url: `/api/admin/users/${await userId(email)}`,
    headers: { ...sameOrigin, cookie: admin },
    payload: flags,
  });
  expect(response.statusCode, response.body).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp();
  second = await buildApp({
    config: { ...t.config, webDistDir: await makeWebDist() },
    database: await openAgain(t.database),
    logger: false,
  });
  await second.listen({ host: '127.0.0.1', port: 0 });
  secondUrl = `http://127.0.0.1:${(second.server.address() as AddressInfo).port}`;
  admin = await adminCookie(t.app);
});
afterAll(async () => {
  await second.close();
  await t.close();
});

describe('a ban takes a moderator’s staff powers', () => {
  it('answers 403 ACCOUNT_BANNED on every staff route and hides removed posts again', async () => {
    const author = await signedUpAuthor(t.app, 'author@example.com');
    const created = await post(
      t.app,
      '/api/community/posts',
      { title: 'Soon removed', content: 'Body' },
      author,
    );
    const postId = (created.json() as { id: string }).id;
    const moderator = await signedUpUser(t.app, 'banned-mod@example.com');
    await setFlags('banned-mod@example.com', { isModerator: true });
    const removed = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/community/posts/${postId}`,
      headers: { ...sameOrigin, cookie: moderator },
      payload: { status: 'removed' },
    });
    expect(removed.statusCode).toBe(200);
    const asModerator = await t.app.inject({
      method: 'GET',
      url: `/api/community/posts/${postId}`,
      headers: { cookie: moderator },
    });
    expect(asModerator.statusCode).toBe(200);

    await setFlags('banned-mod@example.com', { isBanned: true });
    const attempts = [
      { method: 'GET', url: '/api/admin-auth/me' },
      { method: 'GET', url: '/api/admin/blog/posts' },
      { method: 'POST', url: '/api/admin/blog/posts', payload: { title: 'x', content: 'y' } },
      { method: 'GET', url: '/api/admin/community/posts' },
      {
        method: 'PATCH',
        url: `/api/admin/community/posts/${postId}`,
        payload: { status: 'active' },
      },
      { method: 'DELETE', url: `/api/admin/community/posts/${postId}` },
    ] as const;
    for (const attempt of attempts) {
      const response = await t.app.inject({
        ...attempt,
        headers: { ...sameOrigin, cookie: moderator },
      });
      expect(response.statusCode, `${attempt.method} ${attempt.url}`).toBe(403);
      expect(response.json().error.code).toBe('ACCOUNT_BANNED');
    }
    const hidden = await t.app.inject({
      method: 'GET',
      url: `/api/community/posts/${postId}`,
      headers: { cookie: moderator },
    });
    expect(hidden.statusCode).toBe(404);
  });
});

describe('the guard answers before the body is validated', () => {
  it('gives a visitor 401 and a user 403, never a 400 listing the schema', async () => {
    const visitor = await t.app.inject({
      method: 'POST',
      url: '/api/admin/blog/posts',
      headers: sameOrigin,
      payload: {},
    });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().error.fields).toBeUndefined();
    const user = await signedUpUser(t.app, 'curious@example.com');
    for (const url of ['/api/admin/blog/posts', '/api/admin/wallets/not-a-uuid/adjust']) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...sameOrigin, cookie: user },
        payload: {},
      });
      expect(response.statusCode, url).toBe(403);
      expect(response.json().error.fields).toBeUndefined();
    }
    const mining = await t.app.inject({
      method: 'POST',
      url: '/api/mining/ping',
      headers: sameOrigin,
      payload: { nonsense: true },
    });
    expect(mining.statusCode).toBe(401);
  });
});

/** Opens GET /api/events on the second instance; `closed` resolves when the server ends it. */

describe('ending a session ends its event streams in every process', () => {
  it('closes the stream on logout made on another instance', async () => {
    const cookie = await signedUpUser(t.app, 'streamer@example.com');
    const stream = await openStream(secondUrl, cookie);
    expect(stream.status).toBe(200);
    expect((await post(t.app, '/api/auth/logout', undefined, cookie)).statusCode).toBe(204);
    expect(await stream.closed).toBe(true);
    expect((await openStream(secondUrl, cookie)).status).toBe(401);
  });

  it('closes the other sessions’ streams on a password change, and keeps the changer’s', async () => {
    const mine = await login(t.app, 'streamer@example.com');
    const theirs = await login(t.app, 'streamer@example.com');
    const myStream = await openStream(secondUrl, mine);
    const theirStream = await openStream(secondUrl, theirs);
    const changed = await post(
      t.app,
      '/api/account/password',
      {
        currentPassword: PASSWORD,
        newPassword: 'a brand new phrase',
        confirmPassword: 'a brand new phrase',
      },
      mine,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await theirStream.closed).toBe(true);
    // The changer's own stream stays open (it would only end at the 10 s read deadline).
    const stillOpen = await Promise.race([
      myStream.closed,
      new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), 1500)),
    ]);
    expect(stillOpen).toBe('open');
    await myStream.cancel?.();
  });

  it('closes every stream on a password reset and on a ban', async () => {
    const cookie = await login(t.app, 'streamer@example.com', 'a brand new phrase');
    const beforeReset = await openStream(secondUrl, cookie);
    await postProven(t.app, '/api/auth/forgot-password', { email: 'streamer@example.com' });
    const token = await latestToken(t.app, 'streamer@example.com', 'reset-password');
    const reset = await post(t.app, '/api/auth/reset-password', {
      token,
      password: 'after the reset',
      confirmPassword: 'after the reset',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await beforeReset.closed).toBe(true);

    const again = await login(t.app, 'streamer@example.com', 'after the reset');
    const beforeBan = await openStream(secondUrl, again);
    await setFlags('streamer@example.com', { isBanned: true });
    expect(await beforeBan.closed).toBe(true);
  });

  it('caps the streams one session may hold open', async () => {
    const cookie = await signedUpUser(t.app, 'many-tabs@example.com');
    const open = [];
    for (let i = 0; i < 5; i++) open.push(await openStream(secondUrl, cookie));
    expect(open.map((stream) => stream.status)).toEqual([200, 200, 200, 200, 200]);
    const sixth = await openStream(secondUrl, cookie);
    expect(sixth.status).toBe(429);
    for (const stream of open) await stream.cancel?.();
  });
});
