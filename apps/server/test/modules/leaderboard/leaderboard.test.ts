import type { Account, LeaderboardEntry, LeaderboardPage, MyLeaderboard } from '@btcp/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  adminCookie,
  login,
  post,
  signedUpAuthor,
  signedUpUser,
  userIdOf,
} from '#server-test/accounts.ts';
import { roomyLimits } from '#server-test/community.ts';
import { createTestApp, manualClock, sameOrigin, type TestApp } from '#server-test/helper.ts';

/** D28: the opt-in leaderboard, through the API, by the app's clock. */
const clock = manualClock(new Date('2026-06-03T10:00:00Z')); // a Wednesday
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ clock, env: roomyLimits });
  admin = await adminCookie(t.app);
});
afterAll(() => t.close());

const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

const optIn = (cookie: string, show: boolean) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/account/leaderboard',
    headers: { ...sameOrigin, cookie },
    payload: { show },
  });

/** Mines `minutes` whole minutes, paid by Stop, pinging every 30 s as the browser does. */
async function mine(cookie: string, minutes: number) {
  const started = await post(t.app, '/api/mining/start', undefined, cookie);
  expect(started.statusCode, started.body).toBe(201);
  const sessionId = started.json().id;
  for (let i = 0; i < minutes * 2; i++) {
    clock.advance(30_000);
    if (i < minutes * 2 - 1) {
      const pinged = await post(t.app, '/api/mining/ping', { sessionId }, cookie);
      expect(pinged.statusCode, pinged.body).toBe(204);
    }
  }
  const stopped = await post(t.app, '/api/mining/stop', { sessionId }, cookie);
  expect(stopped.statusCode, stopped.body).toBe(200);
}

/** A member with a username (the email's local part) who opted in and mined `minutes`. */
async function shownMiner(email: string, minutes: number, from?: string) {
  const cookie = from
    ? await signedUpUser(t.app, email, '', from)
    : await signedUpAuthor(t.app, email);
  if (from) {
    const named = await t.app.inject({
      method: 'PATCH',
      url: '/api/account',
      headers: { ...sameOrigin, cookie },
      payload: { username: email.split('@')[0] },
    });
    expect(named.statusCode, named.body).toBe(200);
  }
  const opted = await optIn(cookie, true);
  expect(opted.statusCode, opted.body).toBe(200);
  if (minutes > 0) await mine(cookie, minutes);
  return cookie;
}

/** Every row of a period's board, page after page of `limit`. */
async function wholeBoard(period: 'week' | 'all', limit = 100): Promise<LeaderboardEntry[]> {
  const rows: LeaderboardEntry[] = [];
  let cursor: string | null = null;
  do {
    const url: string = `/api/leaderboard?period=${period}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const response = await get(url);
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json() as LeaderboardPage;
    rows.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return rows;
}

const namesOn = async (period: 'week' | 'all') =>
  (await wholeBoard(period)).map((row) => row.username);

async function me(cookie: string): Promise<MyLeaderboard> {
  const response = await get('/api/leaderboard/me', cookie);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return response.json();
}

describe('opting in (D28)', () => {
  it('is off by default and refused, with the reason, until the member has a username', async () => {
    const cookie = await signedUpUser(t.app, 'nameless@example.com');
    const account = (await get('/api/account', cookie)).json() as Account;
    expect(account.showOnLeaderboard).toBe(false);
    const refused = await optIn(cookie, true);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      'Choose a username before you show yourself on the leaderboard.',
    );
    expect(((await get('/api/account', cookie)).json() as Account).showOnLeaderboard).toBe(false);
    expect(await me(cookie)).toMatchObject({ shown: false, reason: 'no_username' });

    const named = await t.app.inject({
      method: 'PATCH',
      url: '/api/account',
      headers: { ...sameOrigin, cookie },
      payload: { username: 'now_named' },
    });
    expect(named.statusCode).toBe(200);
    expect(await me(cookie)).toMatchObject({ shown: false, reason: 'not_opted_in' });
    const accepted = await optIn(cookie, true);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((accepted.json() as Account).showOnLeaderboard).toBe(true);
  });

  it('shows an opted-in member by time mined and removes them at once when they opt out', async () => {
    const cookie = await shownMiner('shown_miner@example.com', 3);
    const first = await get('/api/leaderboard?period=week');
    expect(first.headers['cache-control']).toContain('public');
    const row = (first.json() as LeaderboardPage).items.find((r) => r.username === 'shown_miner');
    expect(row).toMatchObject({ seconds: 180, streak: 0 });
    // The same page again is the kept one (same minute, nothing changed who may appear).
    expect((await get('/api/leaderboard?period=week')).headers.etag).toBe(first.headers.etag);
    const mine = await me(cookie);
    expect(mine).toMatchObject({ shown: true, reason: null, week: { seconds: 180 } });
    expect(mine.week.rank).toBe(row?.rank);

    expect((await optIn(cookie, false)).statusCode).toBe(200);
    // Same minute: the kept page was dropped by the change.
    expect(await namesOn('week')).not.toContain('shown_miner');
    expect(await namesOn('all')).not.toContain('shown_miner');
    expect(await me(cookie)).toMatchObject({
      shown: false,
      reason: 'not_opted_in',
      week: { rank: null, seconds: 180 },
    });
  });

  it('counts a streak as the streak card does', async () => {
    const cookie = await shownMiner('streaky@example.com', 31);
    const row = (await wholeBoard('week')).find((r) => r.username === 'streaky');
    const streak = (await get('/api/mining/streak', cookie)).json() as { current: number };
    expect(streak.current).toBe(1);
    expect(row?.streak).toBe(1);
  });
});

describe('who is left out (D28)', () => {
  it('leaves out banned members', async () => {
    await shownMiner('to_be_banned@example.com', 1);
    expect(await namesOn('week')).toContain('to_be_banned');
    const id = await userIdOf(t.database.db, 'to_be_banned@example.com');
    const banned = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${id}`,
      headers: { ...sameOrigin, cookie: admin },
      payload: { isBanned: true },
    });
    expect(banned.statusCode, banned.body).toBe(200);
    expect(await namesOn('week')).not.toContain('to_be_banned');
    expect(await namesOn('all')).not.toContain('to_be_banned');
    const cookie = await login(t.app, 'to_be_banned@example.com');
    expect(await me(cookie)).toMatchObject({ shown: false, reason: 'not_listed' });
  });

  it('leaves out deleted accounts', async () => {
    const cookie = await shownMiner('to_be_deleted@example.com', 1);
    expect(await namesOn('all')).toContain('to_be_deleted');
    const deleted = await post(
      t.app,
      '/api/account/delete',
      { email: 'to_be_deleted@example.com' },
      cookie,
    );
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect(await namesOn('all')).not.toContain('to_be_deleted');
    expect(await namesOn('week')).not.toContain('to_be_deleted');
  });

  it('leaves out the accounts of an open Signals cluster, and shows them once it is reviewed', async () => {
    // Three sign-ups from one network are a cluster (decision 033).
    const network = '198.51.100.7';
    const cookies = [];
    for (const name of ['cluster_a', 'cluster_b', 'cluster_c'])
      cookies.push(await shownMiner(`${name}@example.com`, 1, network));
    await shownMiner('cluster_free@example.com', 1);
    const names = await namesOn('week');
    expect(names).toContain('cluster_free');
    expect(names).not.toContain('cluster_a');
    expect(names).not.toContain('cluster_c');
    expect(await me(cookies[0] ?? '')).toMatchObject({ shown: false, reason: 'not_listed' });

    const dismissed = await post(
      t.app,
      '/api/admin/signals/dismiss',
      { kind: 'network', key: '198.51.100.0/24' },
      admin,
    );
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect(await namesOn('week')).toEqual(expect.arrayContaining(['cluster_a', 'cluster_b']));
  });
});

describe('ranking (D28)', () => {
  it('ranks by time mined, not balance: a large admin adjustment ranks no higher', async () => {
    await shownMiner('long_miner@example.com', 4);
    await shownMiner('rich_miner@example.com', 2);
    const id = await userIdOf(t.database.db, 'rich_miner@example.com');
    const adjusted = await t.app.inject({
      method: 'POST',
      url: `/api/admin/wallets/${id}/adjust`,
      headers: { ...sameOrigin, cookie: admin },
      payload: { mode: 'add', amount: '100000' },
    });
    expect(adjusted.statusCode, adjusted.body).toBe(200);
    clock.advance(60_000); // past the kept minute
    for (const period of ['week', 'all'] as const) {
      const board = await wholeBoard(period);
      const long = board.find((row) => row.username === 'long_miner');
      const rich = board.find((row) => row.username === 'rich_miner');
      expect(long?.seconds).toBe(240);
      expect(rich?.seconds).toBe(120);
      expect(long?.rank).toBeLessThan(rich?.rank ?? 0);
    }
    const body = (await get('/api/leaderboard?period=all')).body;
    expect(body).not.toContain('balance');
    expect(body).not.toContain('100000');
  });

  it('pages by keyset without duplicates or gaps, ties in a stable order', async () => {
    for (const [name, minutes] of [
      ['tie_one', 2],
      ['tie_two', 2],
      ['tie_three', 2],
      ['solo_five', 5],
    ] as const)
      await shownMiner(`${name}@example.com`, minutes);
    clock.advance(60_000);
    const whole = await wholeBoard('all', 100);
    expect(whole.map((row) => row.rank)).toEqual(whole.map((_, index) => index + 1));
    for (const limit of [1, 2, 3]) expect(await wholeBoard('all', limit)).toEqual(whole);
    const seconds = whole.map((row) => row.seconds);
    expect(seconds).toEqual([...seconds].sort((a, b) => b - a));
    expect(new Set(whole.map((row) => row.username)).size).toBe(whole.length);
  });

  it('serves a board up to a minute old while it is rebuilt, never one two minutes old', async () => {
    const cookie = await shownMiner('steady@example.com', 2);
    clock.advance(120_000);
    const secondsOf = async () =>
      (await wholeBoard('all')).find((row) => row.username === 'steady')?.seconds;
    expect(await secondsOf()).toBe(120);
    // A minute later (mining pays, nothing changes who may appear): the kept board answers at
    // once, and the rebuilt one follows.
    await mine(cookie, 1);
    expect(await secondsOf()).toBe(120);
    await vi.waitFor(async () => expect(await secondsOf()).toBe(180));
    // Two minutes later a visitor waits for the new board rather than meet a stale one.
    await mine(cookie, 2);
    expect(await secondsOf()).toBe(300);
  });

  it('refuses a cursor it did not hand out', async () => {
    const response = await get('/api/leaderboard?period=week&cursor=bm90LWEtY3Vyc29y');
    expect(response.statusCode).toBe(400);
  });

  it('starts the week afresh at Monday 00:00 UTC by the app clock, keeping all-time', async () => {
    await shownMiner('weekender@example.com', 0);
    // Sunday, a few minutes before midnight UTC.
    clock.advance(Date.parse('2026-06-07T23:50:00Z') - clock.now().getTime());
    const cookie = await login(t.app, 'weekender@example.com');
    await mine(cookie, 5);
    expect(await namesOn('week')).toContain('weekender');
    const sunday = await me(cookie);
    expect(sunday.week.seconds).toBe(300);

    clock.advance(Date.parse('2026-06-08T00:00:00Z') - clock.now().getTime());
    const page = (await get('/api/leaderboard?period=week')).json() as LeaderboardPage;
    expect(page.since).toBe('2026-06-08');
    expect(page.items).toEqual([]);
    expect(await namesOn('all')).toContain('weekender');
    const monday = await me(await login(t.app, 'weekender@example.com'));
    expect(monday.week).toEqual({ rank: null, seconds: 0 });
    expect(monday.all.seconds).toBe(300);
    expect(monday.all.rank).not.toBeNull();
  });
});
