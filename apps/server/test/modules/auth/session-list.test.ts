import type { AddressInfo } from 'node:net';
import type { SessionList } from '@btcp/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { adminAuditLog } from '#server/db/schema.ts';
import { adminCookie, PASSWORD, signedUpUser, userIdOf } from '#server-test/accounts.ts';
import {
  createTestApp,
  makeWebDist,
  manualClock,
  openAgain,
  sameOrigin,
  type TestApp,
} from '#server-test/helper.ts';
import { openStream, stillOpenAfter } from '#server-test/streams.ts';

/** The session lists: each account sees and ends its own sessions, in every process. */

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let t: TestApp;
const clock = manualClock();
let second: FastifyInstance;
let secondUrl: string;

beforeAll(async () => {
  t = await createTestApp({ clock });
  second = await buildApp({
    config: { ...t.config, webDistDir: await makeWebDist() },
    database: await openAgain(t.database),
    logger: false,
  });
  await second.listen({ host: '127.0.0.1', port: 0 });
  secondUrl = `http://127.0.0.1:${(second.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await second.close();
  await t.close();
});

async function loginWith(email: string, userAgent: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { ...sameOrigin, 'user-agent': userAgent },
    payload: { email, password: PASSWORD, remember: false },
  });
  expect(response.statusCode, response.body).toBe(200);
  const cookie = response.cookies.find((c) => c.name === 'btcp_session');
  if (!cookie) throw new Error('no session cookie');
  return `btcp_session=${cookie.value}`;
}

async function sessionsOf(
  cookie: string,
  app: FastifyInstance = t.app,
  url = '/api/account/sessions',
) {
  const response = await app.inject({ method: 'GET', url, headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return (response.json() as SessionList).items;
}

async function send(method: 'DELETE' | 'POST', url: string, cookie: string) {
  return t.app.inject({ method, url, headers: { ...sameOrigin, cookie } });
}

/** Opens GET /api/events on the second instance; `closed` resolves when the server ends it. */

describe('GET /api/account/sessions', () => {
  it('lists the account’s own sessions with browser, system and address, this one marked', async () => {
    await signedUpUser(t.app, 'lister@example.com');
    const firefox = await loginWith('lister@example.com', FIREFOX_LINUX);
    await loginWith('lister@example.com', CHROME_WINDOWS);
    await signedUpUser(t.app, 'stranger@example.com');

    const items = await sessionsOf(firefox);
    // The sign-up's own session, Firefox and Chrome; never the stranger's.
    expect(items).toHaveLength(3);
    const current = items.filter((item) => item.current);
    expect(current).toEqual([
      expect.objectContaining({ browser: 'Firefox 133', system: 'Linux', ip: '127.0.0.1' }),
    ]);
    expect(items).toContainEqual(
      expect.objectContaining({ browser: 'Chrome 131', system: 'Windows 10', current: false }),
    );
    for (const item of items) {
      expect(item.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
      // The id is not the cookie's token nor anything in it.
      expect(firefox).not.toContain(item.id);
    }
  });
});

describe('ending sessions', () => {
  it('signs one session out by its id; its stream in another process ends, the others stay', async () => {
    await signedUpUser(t.app, 'ender@example.com');
    const mine = await loginWith('ender@example.com', FIREFOX_LINUX);
    const theirs = await loginWith('ender@example.com', CHROME_WINDOWS);
    const theirStream = await openStream(secondUrl, theirs);
    const myStream = await openStream(secondUrl, mine);
    const target = (await sessionsOf(mine)).find((item) => item.browser === 'Chrome 131');
    if (!target) throw new Error('no Chrome session');

    const ended = await send('DELETE', `/api/account/sessions/${target.id}`, mine);
    expect(ended.statusCode, ended.body).toBe(204);
    expect(await theirStream.closed).toBe(true);
    expect(await stillOpenAfter(myStream, 800)).toBe('open');
    await myStream.cancel();
    const refused = await second.inject({
      method: 'GET',
      url: '/api/account',
      headers: { cookie: theirs },
    });
    expect(refused.statusCode).toBe(401);
    expect((await sessionsOf(mine)).map((item) => item.browser)).not.toContain('Chrome 131');
  });

  it('answers 404 for another account’s session id and ends nothing', async () => {
    const owner = await signedUpUser(t.app, 'owner@example.com');
    const intruder = await signedUpUser(t.app, 'intruder@example.com');
    const [target] = await sessionsOf(owner);
    if (!target) throw new Error('no session');
    const response = await send('DELETE', `/api/account/sessions/${target.id}`, intruder);
    expect(response.statusCode).toBe(404);
    expect(await sessionsOf(owner)).toHaveLength(1);
  });

  it('signs out everywhere else and keeps this session', async () => {
    await signedUpUser(t.app, 'everywhere@example.com');
    const mine = await loginWith('everywhere@example.com', FIREFOX_LINUX);
    const other = await loginWith('everywhere@example.com', CHROME_WINDOWS);
    const otherStream = await openStream(secondUrl, other);
    const response = await send('POST', '/api/account/sessions/sign-out-others', mine);
    expect(response.statusCode, response.body).toBe(204);
    expect(await otherStream.closed).toBe(true);
    const left = await sessionsOf(mine);
    expect(left).toEqual([expect.objectContaining({ current: true, browser: 'Firefox 133' })]);
  });
});

describe('an admin ends a user’s sessions', () => {
  it('ends every session of the user in every process, audited', async () => {
    const admin = await adminCookie(t.app);
    const member = await signedUpUser(t.app, 'ended-by-admin@example.com');
    const stream = await openStream(secondUrl, member);
    const id = await userIdOf(t.database.db, 'ended-by-admin@example.com');
    const response = await send('POST', `/api/admin/users/${id}/sessions/end`, admin);
    expect(response.statusCode, response.body).toBe(204);
    expect(await stream.closed).toBe(true);
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/account',
      headers: { cookie: member },
    });
    expect(refused.statusCode).toBe(401);
    const audited = await t.database.db
      .select({ action: adminAuditLog.action })
      .from(adminAuditLog)
      .where(eq(adminAuditLog.targetId, id));
    expect(audited.map((entry) => entry.action)).toContain('user.sessions.end');

    const missing = await send(
      'POST',
      '/api/admin/users/00000000-0000-4000-8000-000000000000/sessions/end',
      admin,
    );
    expect(missing.statusCode).toBe(404);
  });

  it('lists the admin’s own sessions and signs the others out', async () => {
    const first = await adminCookie(t.app);
    const again = await adminCookie(t.app);
    const items = await sessionsOf(first, t.app, '/api/admin/sessions');
    expect(items.length).toBeGreaterThanOrEqual(2);
    expect(items.filter((item) => item.current)).toHaveLength(1);
    const response = await send('POST', '/api/admin/sessions/sign-out-others', first);
    expect(response.statusCode).toBe(204);
    expect(await sessionsOf(first, t.app, '/api/admin/sessions')).toHaveLength(1);
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/admin/sessions',
      headers: { cookie: again },
    });
    expect(refused.statusCode).toBe(401);
  });
});

describe('last active', () => {
  it('moves when the session is used after a while', async () => {
    const cookie = await signedUpUser(t.app, 'active@example.com');
    const other = await loginWith('active@example.com', CHROME_WINDOWS);
    const before = (await sessionsOf(cookie)).find((item) => !item.current);
    clock.advance(10 * 60_000);
    await t.app.inject({ method: 'GET', url: '/api/account', headers: { cookie: other } });
    await t.app.lastSeen.flush();
    const after = (await sessionsOf(cookie)).find((item) => !item.current);
    expect(before && after).toBeTruthy();
    expect(Date.parse(after?.lastActiveAt ?? '')).toBeGreaterThan(
      Date.parse(before?.lastActiveAt ?? ''),
    );
  });
});
