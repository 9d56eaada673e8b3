import type { MiningStreak, StreakDay } from '@btcp/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminAuditLog,
  miningDays,
  streakMilestones,
  transactions,
  wallets,
} from '#server/db/schema.ts';
import { creditDueRewards } from '#server/modules/mining/crediting.ts';
import { adminCookie, login, post, signedUpUser, userIdOf } from '#server-test/accounts.ts';
import { roomyLimits } from '#server-test/community.ts';
import { createTestApp, manualClock, sameOrigin, type TestApp } from '#server-test/helper.ts';

/** Decision 060: mining days, streaks, freezes and the streak bonus, through the API. */
const clock = manualClock(new Date('2026-05-01T12:00:00Z'));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock, env: roomyLimits });
});
afterAll(() => t.close());

const get = (url: string, cookie: string) =>
  t.app.inject({ method: 'GET', url, headers: { cookie } });

async function saveStreakSettings(settings: { qualifyingMinutes: number; milestoneBonus: string }) {
  const saved = await t.app.inject({
    method: 'PUT',
    url: '/api/admin/settings/streaks',
    headers: { ...sameOrigin, cookie: await adminCookie(t.app) },
    payload: settings,
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

/** Moves the clock to `time` (ISO), which must not be behind it. */
function setClock(time: string) {
  const ms = Date.parse(time) - clock.now().getTime();
  expect(ms).toBeGreaterThanOrEqual(0);
  clock.advance(ms);
}

async function start(cookie: string): Promise<string> {
  const started = await post(t.app, '/api/mining/start', undefined, cookie);
  expect(started.statusCode, started.body).toBe(201);
  return started.json().id;
}

async function ping(cookie: string, sessionId: string) {
  const pinged = await post(t.app, '/api/mining/ping', { sessionId }, cookie);
  expect(pinged.statusCode, pinged.body).toBe(204);
}

async function stop(cookie: string, sessionId: string) {
  const stopped = await post(t.app, '/api/mining/stop', { sessionId }, cookie);
  expect(stopped.statusCode, stopped.body).toBe(200);
}

/** A minute of mining paid by Stop (a ping at 30 s, Stop at 60 s): one mining day at 1 minute. */
async function mineAMinute(cookie: string) {
  const sessionId = await start(cookie);
  clock.advance(30_000);
  await ping(cookie, sessionId);
  clock.advance(30_000);
  await stop(cookie, sessionId);
}

/**
 * Mines a minute at noon UTC on each of `days` (ISO dates, in order, not behind the clock), signed
 * in afresh each day: a session lasts a set time from sign-in.
 */
async function mineOn(email: string, days: string[]) {
  for (const day of days) {
    setClock(`${day}T12:00:00Z`);
    await mineAMinute(await login(t.app, email));
  }
}

const daysFrom = (first: string, count: number) =>
  Array.from({ length: count }, (_, index) =>
    new Date(Date.parse(`${first}T00:00:00Z`) + index * 86_400_000).toISOString().slice(0, 10),
  );

async function streakOf(email: string): Promise<MiningStreak> {
  const response = await get('/api/mining/streak', await login(t.app, email));
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return response.json();
}

const dayIn = (streak: MiningStreak, date: string): StreakDay | undefined =>
  streak.days.find((day) => day.date === date);

async function streakBonuses(email: string) {
  return (
    t.database.db
      .select({ amount: transactions.amount, description: transactions.description })
      .from(transactions)
      .where(
        and(
          eq(transactions.userId, await userIdOf(t.database.db, email)),
          eq(transactions.transactionType, 'STREAK_BONUS'),
        ),
      )
      // In the order they were paid: without it PostgreSQL may answer the rows in any order.
      .orderBy(asc(transactions.createdAt))
  );
}

/** The wallet's balance and the sum of its ledger, which must be equal (D10). */
async function balanceAndLedger(email: string) {
  const userId = await userIdOf(t.database.db, email);
  const [row] = await t.database.db
    .select({
      balance: wallets.balance,
      sum: sql<string>`(SELECT coalesce(sum(amount), 0)::numeric(20,8)::text FROM transactions WHERE user_id = ${userId})`,
    })
    .from(wallets)
    .where(eq(wallets.userId, userId));
  return row;
}

describe('mining days (decision 060)', () => {
  it('counts paid time on each side of UTC midnight, and a day once it reaches 30 minutes', async () => {
    setClock('2026-05-01T23:45:00Z');
    const email = 'midnight@example.com';
    const cookie = await signedUpUser(t.app, email);
    const sessionId = await start(cookie);
    // Pings every 30 s and the crediting job every minute, by the app's clock, for 35 minutes.
    for (let second = 30; second <= 35 * 60; second += 30) {
      clock.advance(30_000);
      await ping(cookie, sessionId);
      if (second % 60 === 0) await creditDueRewards(t.database.db, clock.now());
    }
    let streak = await streakOf(email);
    expect(dayIn(streak, '2026-05-01')).toEqual({
      date: '2026-05-01',
      status: 'missed',
      seconds: 15 * 60,
    });
    expect(dayIn(streak, '2026-05-02')).toEqual({
      date: '2026-05-02',
      status: 'today',
      seconds: 20 * 60,
    });
    expect(streak).toMatchObject({ current: 0, longest: 0, freezes: 0, qualifyingMinutes: 30 });
    // Ten more minutes, the last of them paid by Stop: 2 May reaches 30.
    for (let second = 30; second <= 10 * 60; second += 30) {
      clock.advance(30_000);
      await ping(cookie, sessionId);
      if (second % 60 === 0 && second < 10 * 60) {
        await creditDueRewards(t.database.db, clock.now());
      }
    }
    await stop(cookie, sessionId);
    streak = await streakOf(email);
    expect(dayIn(streak, '2026-05-02')).toEqual({
      date: '2026-05-02',
      status: 'mined',
      seconds: 30 * 60,
    });
    expect(streak).toMatchObject({ current: 1, longest: 1 });
    // Every paid second is on exactly one day: the days add up to the MINING rows' seconds.
    const userId = await userIdOf(t.database.db, email);
    const [days] = await t.database.db
      .select({ seconds: sql<number>`sum(${miningDays.seconds})::int` })
      .from(miningDays)
      .where(eq(miningDays.userId, userId));
    expect(days?.seconds).toBe(45 * 60);
  });

  it('shows the last 12 weeks from a Monday, each day with its status', async () => {
    setClock('2026-05-03T09:00:00Z');
    await signedUpUser(t.app, 'calendar@example.com');
    const streak = await streakOf('calendar@example.com');
    // Sunday 3 May: this week's Monday is 27 April, and the calendar opens 11 weeks before it.
    expect(streak.days[0]?.date).toBe('2026-02-09');
    expect(streak.days.at(-1)).toEqual({ date: '2026-05-03', status: 'today', seconds: 0 });
    expect(streak.days).toHaveLength(11 * 7 + 7);
    expect(
      streak.days.every((day, i) => i === streak.days.length - 1 || day.status === 'missed'),
    ).toBe(true);
  });
});

describe('streaks and freezes (D28)', () => {
  beforeAll(() => saveStreakSettings({ qualifyingMinutes: 1, milestoneBonus: '0' }));

  it('earns freezes, uses one per missed day by itself, and never repairs a broken streak', async () => {
    setClock('2026-06-01T00:00:00Z');
    const email = 'freezes@example.com';
    await signedUpUser(t.app, email);
    await mineOn(email, daysFrom('2026-06-01', 7));
    expect(await streakOf(email)).toMatchObject({ current: 7, longest: 7, freezes: 1 });
    // 8 June missed: on 9 June, before mining, the freeze covers it and the streak stands.
    setClock('2026-06-09T08:00:00Z');
    let streak = await streakOf(email);
    expect(streak).toMatchObject({ current: 7, freezes: 0 });
    expect(dayIn(streak, '2026-06-08')?.status).toBe('frozen');
    await mineOn(email, daysFrom('2026-06-09', 6));
    streak = await streakOf(email);
    expect(streak).toMatchObject({ current: 13, longest: 13, freezes: 0 });
    expect(dayIn(streak, '2026-06-08')?.status).toBe('frozen');
    await mineOn(email, daysFrom('2026-06-15', 15));
    // Days 14, 21 and 28 each earned one; two are the most held.
    expect(await streakOf(email)).toMatchObject({ current: 28, freezes: 2 });
    // Three days missed: two frozen, the third ends the streak.
    setClock('2026-07-03T08:00:00Z');
    streak = await streakOf(email);
    expect(streak).toMatchObject({ current: 0, longest: 28, freezes: 0 });
    expect(['2026-06-30', '2026-07-01', '2026-07-02'].map((d) => dayIn(streak, d)?.status)).toEqual(
      ['frozen', 'frozen', 'missed'],
    );
    const before = await balanceAndLedger(email);
    await mineOn(email, ['2026-07-03', '2026-07-04']);
    streak = await streakOf(email);
    expect(streak).toMatchObject({ current: 2, longest: 28, freezes: 0 });
    expect(dayIn(streak, '2026-07-02')?.status).toBe('missed');
    // Nothing was taken for it: the balance only grew, by what the ledger says.
    const after = await balanceAndLedger(email);
    expect(Number(after?.balance)).toBeGreaterThan(Number(before?.balance));
    expect(after?.balance).toBe(after?.sum);
    expect(await streakBonuses(email)).toEqual([]);
  });
});

describe('the streak bonus (decision 060)', () => {
  beforeAll(() => saveStreakSettings({ qualifyingMinutes: 1, milestoneBonus: '2.5' }));
  afterAll(() => saveStreakSettings({ qualifyingMinutes: 30, milestoneBonus: '0' }));

  it('pays once per 7-day milestone, through the ledger', async () => {
    setClock('2026-08-01T00:00:00Z');
    const email = 'bonus@example.com';
    await signedUpUser(t.app, email);
    await mineOn(email, daysFrom('2026-08-01', 7));
    // The milestone's day is mined again: nothing more.
    const cookie = await login(t.app, email);
    await mineAMinute(cookie);
    await mineAMinute(cookie);
    expect(await streakBonuses(email)).toEqual([
      { amount: '2.50000000', description: 'Streak bonus: 7 mining days in a row' },
    ]);
    await mineOn(email, daysFrom('2026-08-08', 6));
    expect(await streakBonuses(email)).toHaveLength(1);
    await mineOn(email, ['2026-08-14']);
    expect((await streakBonuses(email)).map((row) => row.description)).toEqual([
      'Streak bonus: 7 mining days in a row',
      'Streak bonus: 14 mining days in a row',
    ]);
    const wallet = await balanceAndLedger(email);
    expect(wallet?.balance).toBe(wallet?.sum);
  });

  it('never pays for days mined while banned', async () => {
    setClock('2026-09-01T00:00:00Z');
    const email = 'banned-streak@example.com';
    await signedUpUser(t.app, email);
    await mineOn(email, daysFrom('2026-09-01', 6));
    // Day 7: banned while mining; the crediting job pays what the last ping covered.
    setClock('2026-09-07T12:00:00Z');
    const cookie = await login(t.app, email);
    const sessionId = await start(cookie);
    clock.advance(30_000);
    await ping(cookie, sessionId);
    const banned = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${await userIdOf(t.database.db, email)}`,
      headers: { ...sameOrigin, cookie: await adminCookie(t.app) },
      payload: { isBanned: true },
    });
    expect(banned.statusCode, banned.body).toBe(200);
    clock.advance(30_000);
    expect(await creditDueRewards(t.database.db, clock.now())).toBeGreaterThan(0);
    expect(await streakOf(email)).toMatchObject({ current: 7 });
    expect(await streakBonuses(email)).toEqual([]);
  });

  it('never pays for days mined in a held referral', async () => {
    setClock('2026-10-01T00:00:00Z');
    const referrer = await signedUpUser(t.app, 'streak-referrer@example.com');
    const { referralCode } = (await get('/api/referrals/stats', referrer)).json();
    // From the referrer's own network (127.0.0.x): held for review (decision 033).
    const email = 'held-streak@example.com';
    await signedUpUser(t.app, email, referralCode, '127.0.0.9');
    await mineOn(email, daysFrom('2026-10-01', 7));
    expect(await streakOf(email)).toMatchObject({ current: 7, freezes: 1 });
    expect(await streakBonuses(email)).toEqual([]);
  });

  it('counts a Stop across midnight on both days: two new mining days, the second a paid milestone', async () => {
    setClock('2026-11-01T00:00:00Z');
    const email = 'midnight-stop@example.com';
    await signedUpUser(t.app, email);
    await mineOn(email, daysFrom('2026-11-01', 5));
    // Two minutes from 23:59, all paid by Stop: a minute on 6 November, a minute on the 7th.
    setClock('2026-11-06T23:59:00Z');
    const cookie = await login(t.app, email);
    const sessionId = await start(cookie);
    for (let half = 0; half < 3; half++) {
      clock.advance(30_000);
      await ping(cookie, sessionId);
    }
    clock.advance(30_000);
    await stop(cookie, sessionId);
    const streak = await streakOf(email);
    expect(dayIn(streak, '2026-11-06')).toEqual({
      date: '2026-11-06',
      status: 'mined',
      seconds: 60,
    });
    expect(dayIn(streak, '2026-11-07')).toEqual({
      date: '2026-11-07',
      status: 'mined',
      seconds: 60,
    });
    expect(streak).toMatchObject({ current: 7, longest: 7, freezes: 1 });
    expect(await streakBonuses(email)).toEqual([
      { amount: '2.50000000', description: 'Streak bonus: 7 mining days in a row' },
    ]);
    const milestones = await t.database.db
      .select({ day: streakMilestones.day, streakDays: streakMilestones.streakDays })
      .from(streakMilestones)
      .where(eq(streakMilestones.userId, await userIdOf(t.database.db, email)));
    expect(milestones).toEqual([{ day: '2026-11-07', streakDays: 7 }]);
    const wallet = await balanceAndLedger(email);
    expect(wallet?.balance).toBe(wallet?.sum);
  });

  it('is an audited admin setting, checked before it is saved', async () => {
    const refused = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings/streaks',
      headers: { ...sameOrigin, cookie: await adminCookie(t.app) },
      payload: { qualifyingMinutes: 0, milestoneBonus: '-1' },
    });
    expect(refused.statusCode).toBe(400);
    const read = await get('/api/admin/settings/streaks', await adminCookie(t.app));
    expect(read.json()).toEqual({ qualifyingMinutes: 1, milestoneBonus: '2.5' });
    const audited = await t.database.db
      .select({ details: adminAuditLog.details })
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, 'settings.streaks.update'));
    expect(audited.at(-1)?.details).toEqual({
      before: { qualifyingMinutes: 1, milestoneBonus: '0' },
      after: { qualifyingMinutes: 1, milestoneBonus: '2.5' },
    });
  });
});
