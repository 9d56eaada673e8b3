import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '#server/db/client.ts';
import {
  miningDays,
  miningStreaks,
  pendingReferrals,
  profiles,
  transactions,
} from '#server/db/schema.ts';
import { creditDueRewards } from '#server/modules/mining/crediting.ts';
import { sweepQualifiedReferrals } from '#server/modules/referrals/service.ts';
import {
  adminCookie,
  post,
  register,
  signedUpUser,
  userIdOf,
  verify,
} from '#server-test/accounts.ts';
import { createTestApp, manualClock, serverUrlOf, type TestApp } from '#server-test/helper.ts';
import { setQualifyingMinutes } from '#server-test/referrals.ts';

/** Decision 033: a referral pays once the referred member verified and mined the qualifying time. */
const clock = manualClock(new Date('2026-04-01T00:00:00Z'));
let t: TestApp;
let other: { db: Database; close(): Promise<void> };
beforeAll(async () => {
  t = await createTestApp({ clock });
  await setQualifyingMinutes(t.app, 60);
  // A second handle stands for a second process on PostgreSQL; PGlite has one process.
  const url = serverUrlOf(t.database);
  other = url
    ? await openDatabase({ kind: 'postgres', url })
    : { db: t.database.db, close: async () => {} };
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const get = (url: string, cookie: string) =>
  t.app.inject({ method: 'GET', url, headers: { cookie } });

const idOf = (email: string) => userIdOf(t.database.db, email);

async function referralRows(referrerEmail: string) {
  return t.database.db
    .select({ amount: transactions.amount, referred: transactions.referredUserId })
    .from(transactions)
    .where(
      and(
        eq(transactions.userId, await idOf(referrerEmail)),
        eq(transactions.transactionType, 'REFERRAL'),
      ),
    );
}

/** A referrer (signed in, so live on 127.0.0.1) and their code. */
async function referrer(email: string) {
  const cookie = await signedUpUser(t.app, email);
  const { referralCode } = (await get('/api/referrals/stats', cookie)).json();
  return { cookie, code: referralCode as string };
}

/** Miners mine: pings every 30 s, a crediting tick every 60 s (of the clock), for `minutes`. */
async function mine(miners: { cookie: string; sessionId: string }[], minutes: number, tick = true) {
  for (let second = 30; second <= minutes * 60; second += 30) {
    clock.advance(30_000);
    for (const miner of miners) {
      const ping = await post(
        t.app,
        '/api/mining/ping',
        { sessionId: miner.sessionId },
        miner.cookie,
      );
      expect(ping.statusCode, ping.body).toBe(204);
    }
    if (tick && second % 60 === 0) await creditDueRewards(t.database.db, clock.now());
  }
}

async function startMining(cookie: string) {
  const started = await post(t.app, '/api/mining/start', undefined, cookie);
  expect(started.statusCode, started.body).toBe(201);
  return { cookie, sessionId: started.json().id as string };
}

describe('qualifying referrals (decision 033)', () => {
  it('pays nothing at verification, then exactly once when the crediting job crosses 60 minutes', async () => {
    const { cookie, code } = await referrer('q-referrer@example.com');
    const friend = await signedUpUser(t.app, 'q-friend@example.com', code);
    expect(await referralRows('q-referrer@example.com')).toHaveLength(0);
    const miner = await startMining(friend);
    await mine([miner], 59);
    expect(await referralRows('q-referrer@example.com')).toHaveLength(0);
    expect((await get('/api/referrals/stats', cookie)).json()).toMatchObject({
      referrals: 0,
      pendingReferrals: 1,
      pendingUnverified: 0,
      pendingMinedMinutes: [59],
      qualifyingMinutes: 60,
    });
    await mine([miner], 3);
    const rows = await referralRows('q-referrer@example.com');
    expect(rows).toEqual([{ amount: '40.00000000', referred: await idOf('q-friend@example.com') }]);
    expect((await get('/api/referrals/stats', cookie)).json()).toMatchObject({
      referrals: 1,
      pendingReferrals: 0,
      earnings: '40.00000000',
    });
    await post(t.app, '/api/mining/stop', { sessionId: miner.sessionId }, friend);
    expect(await referralRows('q-referrer@example.com')).toHaveLength(1);
  });

  it('pays when Stop’s final payment crosses the qualifying time', async () => {
    const { code } = await referrer('stop-referrer@example.com');
    const friend = await signedUpUser(t.app, 'stop-friend@example.com', code);
    const miner = await startMining(friend);
    // No crediting tick runs: all the time is paid by Stop.
    await mine([miner], 61, false);
    expect(await referralRows('stop-referrer@example.com')).toHaveLength(0);
    const stop = await post(t.app, '/api/mining/stop', { sessionId: miner.sessionId }, friend);
    expect(stop.statusCode, stop.body).toBe(200);
    expect(await referralRows('stop-referrer@example.com')).toHaveLength(1);
    // The same Stop made the friend's day a mining day (decision 060): both follow-ups ran.
    const friendId = await idOf('stop-friend@example.com');
    const [day] = await t.database.db
      .select({ seconds: miningDays.seconds, mined: miningDays.mined })
      .from(miningDays)
      .where(eq(miningDays.userId, friendId));
    expect(day).toEqual({ seconds: 61 * 60, mined: true });
    const [streak] = await t.database.db
      .select({ days: miningStreaks.days })
      .from(miningStreaks)
      .where(eq(miningStreaks.userId, friendId));
    expect(streak).toEqual({ days: 1 });
  });

  it('pays at verification when the qualifying time is 0', async () => {
    await setQualifyingMinutes(t.app, 0);
    try {
      const { code } = await referrer('zero-referrer@example.com');
      await register(t.app, 'zero-friend@example.com', code);
      expect(await referralRows('zero-referrer@example.com')).toHaveLength(0);
      await verify(t.app, 'zero-friend@example.com');
      expect(await referralRows('zero-referrer@example.com')).toHaveLength(1);
    } finally {
      await setQualifyingMinutes(t.app, 60);
    }
  });

  it('holds a sign-up from the referrer’s own network: mined, but not paid', async () => {
    const { cookie, code } = await referrer('own-referrer@example.com');
    // The referrer's live session is on 127.0.0.1; the friend signs up from 127.0.0.9.
    const friend = await signedUpUser(t.app, 'own-friend@example.com', code, '127.0.0.9');
    const [row] = await t.database.db
      .select()
      .from(pendingReferrals)
      .where(eq(pendingReferrals.referredUserId, await idOf('own-friend@example.com')));
    expect(row?.heldAt).not.toBeNull();
    expect(row?.heldReason).toBe('Signed up from the referrer’s own network');
    const miner = await startMining(friend);
    await mine([miner], 62);
    await sweepQualifiedReferrals(t.database.db);
    expect(await referralRows('own-referrer@example.com')).toHaveLength(0);
    expect((await get('/api/referrals/stats', cookie)).json()).toMatchObject({
      referrals: 0,
      pendingReferrals: 1,
    });
    await post(t.app, '/api/mining/stop', { sessionId: miner.sessionId }, friend);
  });

  it('pays at once the referrals a shorter qualifying time lets through', async () => {
    const { code } = await referrer('short-referrer@example.com');
    const friend = await signedUpUser(t.app, 'short-friend@example.com', code);
    const miner = await startMining(friend);
    await mine([miner], 10);
    await post(t.app, '/api/mining/stop', { sessionId: miner.sessionId }, friend);
    expect(await referralRows('short-referrer@example.com')).toHaveLength(0);
    const admin = await adminCookie(t.app);
    const settings = (await get('/api/admin/settings/mining', admin)).json();
    const put = (referralQualifyingMinutes: number) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/admin/settings/mining',
        headers: { origin: 'http://localhost:80', cookie: admin },
        payload: { ...settings, referralQualifyingMinutes },
      });
    expect((await put(5)).statusCode).toBe(200);
    expect(await referralRows('short-referrer@example.com')).toHaveLength(1);
    expect((await put(60)).statusCode).toBe(200);
  });

  it('never pays for a referred member who was banned; the waiting row goes', async () => {
    const { cookie, code } = await referrer('ban-referrer@example.com');
    await signedUpUser(t.app, 'ban-friend@example.com', code);
    const friendId = await idOf('ban-friend@example.com');
    await t.database.db.update(profiles).set({ isBanned: true }).where(eq(profiles.id, friendId));
    expect((await get('/api/referrals/stats', cookie)).json()).toMatchObject({
      pendingReferrals: 0,
    });
    await sweepQualifiedReferrals(t.database.db);
    const rows = await t.database.db
      .select()
      .from(pendingReferrals)
      .where(eq(pendingReferrals.referredUserId, friendId));
    expect(rows).toHaveLength(0);
    expect(await referralRows('ban-referrer@example.com')).toHaveLength(0);
  });

  it('pays each referral exactly once while two processes credit at once', async () => {
    const { code } = await referrer('race-referrer@example.com');
    const miners = [];
    for (let i = 0; i < 6; i++) {
      miners.push(await startMining(await signedUpUser(t.app, `race-${i}@example.com`, code)));
    }
    await mine(miners, 59);
    clock.advance(30_000);
    for (const miner of miners) {
      await post(t.app, '/api/mining/ping', { sessionId: miner.sessionId }, miner.cookie);
    }
    clock.advance(30_000);
    for (const miner of miners) {
      await post(t.app, '/api/mining/ping', { sessionId: miner.sessionId }, miner.cookie);
    }
    const now = clock.now();
    await Promise.all([
      creditDueRewards(t.database.db, now),
      creditDueRewards(other.db, now),
      creditDueRewards(t.database.db, now),
      creditDueRewards(other.db, now),
    ]);
    // A payment skipped because the other process held the referrer's wallet waits for the sweep.
    await Promise.all([sweepQualifiedReferrals(t.database.db), sweepQualifiedReferrals(other.db)]);
    const rows = await referralRows('race-referrer@example.com');
    expect(rows).toHaveLength(6);
    expect(new Set(rows.map((row) => row.referred)).size).toBe(6);
    const [left] = await t.database.db
      .execute(
        sql`SELECT count(*)::int AS n FROM pending_referrals WHERE referrer_id = ${await idOf('race-referrer@example.com')}`,
      )
      .then((r) => (r as unknown as { rows: { n: number }[] }).rows);
    expect(left?.n).toBe(0);
    for (const miner of miners) {
      await post(t.app, '/api/mining/stop', { sessionId: miner.sessionId }, miner.cookie);
    }
  });
});
