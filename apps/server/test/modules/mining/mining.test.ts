import { MAX_BALANCE } from '@btcp/shared';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemSettings, transactions, users, wallets } from '#server/db/schema.ts';
import { creditDueRewards } from '#server/modules/mining/crediting.ts';
import { closeStaleSessions } from '#server/modules/mining/sessions.ts';
import { adminCookie, post, signedUpUser, userIdOf } from '#server-test/accounts.ts';
import {
  createTestApp,
  manualClock,
  sameOrigin,
  serverUrlOf,
  type TestApp,
} from '#server-test/helper.ts';

const clock = manualClock(new Date('2026-01-01T00:00:00Z'));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const silentLog = { warn: () => {} };

/** One tick of the crediting job at the clock's time (the app's timer is off in tests). */
const tick = () => creditDueRewards(t.database.db, clock.now());

async function ping(sessionId: string, cookie: string) {
  const response = await post(t.app, '/api/mining/ping', { sessionId }, cookie);
  expect(response.statusCode, response.body).toBe(204);
}

/** Every MINING row of one user, oldest first. */
async function miningRows(email: string) {
  return t.database.db
    .select({
      amount: transactions.amount,
      description: transactions.description,
      createdAt: transactions.createdAt,
    })
    .from(transactions)
    .innerJoin(users, eq(users.id, transactions.userId))
    .where(sql`${users.email} = ${email} AND ${transactions.transactionType} = 'MINING'`)
    .orderBy(transactions.createdAt);
}

/** An operator's change in SQL, once every process has heard of it (the settings are kept). */
async function storeSetting(key: string, value: unknown) {
  await t.database.db.update(systemSettings).set({ value }).where(eq(systemSettings.key, key));
  await t.app.settings.settle();
}

const setInterval = (seconds: number) => storeSetting('mining_reward_interval', { seconds });

const get = (url: string, cookie: string) =>
  t.app.inject({ method: 'GET', url, headers: { cookie } });

async function balanceOf(email: string) {
  const [row] = await t.database.db
    .select({
      balance: wallets.balance,
      sum: sql<string>`(SELECT coalesce(sum(amount), 0)::numeric(20,8)::text FROM transactions WHERE user_id = ${users.id})`,
    })
    .from(wallets)
    .innerJoin(users, eq(users.id, wallets.userId))
    .where(eq(users.email, email));
  return row;
}

/** Resolves once a statement of the app waits for a row lock (seen from another connection). */
async function lockWaited(client: pg.Client) {
  for (;;) {
    const { rows } = await client.query(
      `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`,
    );
    if (rows.length > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('mining (D11)', () => {
  it('makes exactly one session out of two concurrent starts', async () => {
    const cookie = await signedUpUser(t.app, 'racer@example.com');
    const [a, b] = await Promise.all([
      post(t.app, '/api/mining/start', undefined, cookie),
      post(t.app, '/api/mining/start', undefined, cookie),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const refused = a.statusCode === 409 ? a : b;
    expect(refused.json().error).toMatchObject({
      code: 'MINING_ELSEWHERE',
      message: 'Mining in progress elsewhere - You are already mining in another browser or tab.',
    });
    const status = (await get('/api/mining/status', cookie)).json();
    expect(status.activeMiners).toBe(1);
    expect(status.session.hourlyRate).toBe('100');
    const session = (a.statusCode === 201 ? a : b).json();
    await post(t.app, '/api/mining/stop', { sessionId: session.id }, cookie);
  });

  it('pays exactly 100.00000000 for an hour at 100/h through the crediting job', async () => {
    const cookie = await signedUpUser(t.app, 'hour@example.com');
    const session = (await post(t.app, '/api/mining/start', undefined, cookie)).json();
    // The job ticks every 5 s of the clock, the browser pings every 30 s.
    for (let second = 5; second <= 3600; second += 5) {
      clock.advance(5_000);
      if (second % 30 === 0) await ping(session.id, cookie);
      await tick();
    }
    const stop = await post(t.app, '/api/mining/stop', { sessionId: session.id }, cookie);
    expect(stop.json()).toMatchObject({
      credited: '0.00000000',
      balance: '100.00000000',
      session: null,
    });
    const rows = await miningRows('hour@example.com');
    expect(rows).toHaveLength(60);
    expect(new Set(rows.map((row) => row.description))).toEqual(
      new Set(['Mining reward: 60 s at 100 BTCP/hour']),
    );
    expect(await balanceOf('hour@example.com')).toEqual({
      balance: '100.00000000',
      sum: '100.00000000',
    });
  });

  it('pays one full reward every interval, on the interval, whatever the pings’ jitter', async () => {
    for (const interval of [60, 15]) {
      await setInterval(interval);
      const email = `jitter-${interval}@example.com`;
      const cookie = await signedUpUser(t.app, email);
      const session = (await post(t.app, '/api/mining/start', undefined, cookie)).json();
      const startedAt = clock.now().getTime();
      // Pings 29.2 s, 30.9 s, 31.5 s… apart, as a busy browser and network deliver them.
      const gaps = [29.2, 30.9, 31.5, 28.7, 30.4, 31.9, 29.5, 30.1, 32.4, 28.9, 30.6, 31.2];
      let nextPing = startedAt;
      const pings: number[] = [];
      for (const gap of gaps) {
        nextPing += gap * 1000;
        pings.push(Math.round(nextPing));
      }
      const end = pings.at(-1) ?? startedAt;
      // The job ticks every second; pings land between ticks.
      for (let at = startedAt + 1000; at <= end; at += 1000) {
        for (const due of pings.filter((p) => p > at - 1000 && p <= at)) {
          clock.advance(due - clock.now().getTime());
          await ping(session.id, cookie);
        }
        clock.advance(at - clock.now().getTime());
        await tick();
      }
      const rows = await miningRows(email);
      const elapsed = Math.floor((end - startedAt) / 1000);
      expect(rows).toHaveLength(Math.floor(elapsed / interval));
      rows.forEach((row, index) => {
        expect(row.description).toBe(`Mining reward: ${interval} s at 100 BTCP/hour`);
        // Due at the end of each interval; paid at most the jitter (≤ 2.4 s here) later.
        const late = row.createdAt.getTime() - (startedAt + (index + 1) * interval * 1000);
        expect(late).toBeGreaterThanOrEqual(0);
        expect(late).toBeLessThanOrEqual(3000);
      });
      await post(t.app, '/api/mining/stop', { sessionId: session.id }, cookie);
    }
    await setInterval(60);
  });

  it('pays the pro-rata remainder on stop', async () => {
    const cookie = await signedUpUser(t.app, 'prorata@example.com');
    const session = (await post(t.app, '/api/mining/start', undefined, cookie)).json();
    clock.advance(30_000);
    await ping(session.id, cookie);
    clock.advance(15_000);
    const stop = await post(t.app, '/api/mining/stop', { sessionId: session.id }, cookie);
    // 45 s at 100/h.
    expect(stop.json().credited).toBe('1.25000000');
  });

  it('pays nothing past the last ping + 30 s once the client goes quiet', async () => {
    await setInterval(45);
    const cookie = await signedUpUser(t.app, 'quiet@example.com');
    const session = (await post(t.app, '/api/mining/start', undefined, cookie)).json();
    clock.advance(40_000);
    await ping(session.id, cookie);
    // Ten silent minutes with the job ticking: the first 45 s are paid, then nothing.
    for (let i = 0; i < 600; i++) {
      clock.advance(1000);
      await tick();
    }
    expect(await miningRows('quiet@example.com')).toMatchObject([
      { description: 'Mining reward: 45 s at 100 BTCP/hour' },
    ]);
    // 89 s after its last ping a session is open, at 90 s it is stale: its ping is refused.
    const late = await post(t.app, '/api/mining/ping', { sessionId: session.id }, cookie);
    expect(late.statusCode).toBe(404);
    expect(late.json().error.code).toBe('NO_SESSION');
    expect(await closeStaleSessions(t.database.db, clock.now(), silentLog)).toBe(1);
    // Covered: 40 s before the ping and 30 s after it; 45 s paid by the job, 25 s by the close.
    expect((await miningRows('quiet@example.com')).at(-1)?.description).toBe(
      'Mining reward: 25 s at 100 BTCP/hour',
    );
    expect(await balanceOf('quiet@example.com')).toEqual({
      balance: '1.94444444',
      sum: '1.94444444',
    });
    await setInterval(60);
  });

  it('keeps a session open until 90 s after its last ping, and closes it then', async () => {
    const cookie = await signedUpUser(t.app, 'stale-edge@example.com');
    const session = (await post(t.app, '/api/mining/start', undefined, cookie)).json();
    clock.advance(89_000);
    expect(await closeStaleSessions(t.database.db, clock.now(), silentLog)).toBe(0);
    await ping(session.id, cookie);
    clock.advance(90_001);
    expect(await closeStaleSessions(t.database.db, clock.now(), silentLog)).toBe(1);
  });

  it('answers each of many pings sent at once for itself: its own session, not another’s', async () => {
    const miners = await Promise.all(
      ['crowd-a', 'crowd-b', 'crowd-c'].map((name) => signedUpUser(t.app, `${name}@example.com`)),
    );
    const sessions = await Promise.all(
      miners.map(async (cookie) =>
        (await post(t.app, '/api/mining/start', undefined, cookie)).json(),
      ),
    );
    const [a, b, c] = miners as [string, string, string];
    const [sa, sb, sc] = sessions as [{ id: string }, { id: string }, { id: string }];
    clock.advance(20_000);
    const pingAs = (sessionId: string, cookie: string) =>
      post(t.app, '/api/mining/ping', { sessionId }, cookie);
    // Pings that arrive together share one statement; each still gets its own answer.
    const answers = await Promise.all([
      pingAs(sa.id, a),
      pingAs(sb.id, a), // a's cookie, b's session
      pingAs(sb.id, b),
      pingAs(sb.id, b), // a second tab
      pingAs(sc.id, c),
      pingAs(crypto.randomUUID(), c),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([204, 404, 204, 204, 204, 404]);
    expect(answers[1]?.json().error.code).toBe('NO_SESSION');
    // Every owner's ping was recorded, at its own time.
    const pings = await t.database.db.execute(
      sql`SELECT session_id, last_ping FROM mining_pings WHERE session_id IN (${sa.id}, ${sb.id}, ${sc.id})`,
    );
    const rows = (pings as unknown as { rows: { last_ping: Date | string }[] }).rows;
    expect(rows.map((row) => new Date(row.last_ping).getTime())).toEqual(
      Array(3).fill(clock.now().getTime()),
    );
    for (const [session, cookie] of [
      [sa, a],
      [sb, b],
      [sc, c],
    ] as const) {
      await post(t.app, '/api/mining/stop', { sessionId: session.id }, cookie);
    }
  });

  // PGlite has one connection: no other transaction can hold a row while a ping runs.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'answers pings at once while a Stop’s transaction holds another session, whose ping waits for it',
    async () => {
      const miner = async (name: string) => {
        const cookie = await signedUpUser(t.app, `${name}@example.com`);
        const started = await post(t.app, '/api/mining/start', undefined, cookie);
        return { cookie, sessionId: started.json().id as string };
      };
      const [h, f] = await Promise.all([miner('held-miner'), miner('free-miner')]);
      clock.advance(20_000);
      // Another process's Stop, midway: its transaction has ended the session, not yet committed.
      const other = new pg.Client({ connectionString: serverUrlOf(t.database) ?? '' });
      await other.connect();
      try {
        await other.query('BEGIN');
        await other.query('DELETE FROM mining_sessions WHERE id = $1', [h.sessionId]);
        let heldAnswer: number | null = null;
        const heldPing = post(t.app, '/api/mining/ping', { sessionId: h.sessionId }, h.cookie).then(
          (response) => {
            heldAnswer = response.statusCode;
            return response;
          },
        );
        // Sent together, the two share a batch: a statement that waited for the held row would
        // hold this one too.
        const freePing = post(t.app, '/api/mining/ping', { sessionId: f.sessionId }, f.cookie);
        const first = await Promise.race([
          freePing.then((response) => response.statusCode),
          lockWaited(other).then(() => heldPing.then(() => 'the held ping came first')),
          new Promise((resolve) => setTimeout(resolve, 10_000, 'still waiting')),
        ]);
        expect(first).toBe(204);
        expect(heldAnswer).toBeNull();
        // Rolled back, the session is still open: its ping is recorded, not lost.
        await other.query('ROLLBACK');
        expect((await heldPing).statusCode).toBe(204);
        // Committed, the session is gone: its ping is refused as any ping of a closed session.
        await other.query('BEGIN');
        await other.query('DELETE FROM mining_sessions WHERE id = $1', [h.sessionId]);
        const gone = post(t.app, '/api/mining/ping', { sessionId: h.sessionId }, h.cookie);
        await lockWaited(other);
        await other.query('COMMIT');
        expect((await gone).statusCode).toBe(404);
      } finally {
        await other.end();
      }
      await post(t.app, '/api/mining/stop', { sessionId: f.sessionId }, f.cookie);
    },
  );

  it('refuses banned users, other users’ sessions and visitors', async () => {
    const cookie = await signedUpUser(t.app, 'banned-miner@example.com');
    const other = await signedUpUser(t.app, 'thief@example.com');
    const session = (await post(t.app, '/api/mining/start', undefined, cookie)).json();
    expect(
      (await post(t.app, '/api/mining/stop', { sessionId: session.id }, other)).statusCode,
    ).toBe(404);
    expect((await post(t.app, '/api/mining/start')).statusCode).toBe(401);
    await post(t.app, '/api/mining/stop', { sessionId: session.id }, cookie);
    const userId = await userIdOf(t.database.db, 'banned-miner@example.com');
    const banned = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${userId}`,
      headers: { ...sameOrigin, cookie: await adminCookie(t.app) },
      payload: { isBanned: true },
    });
    expect(banned.statusCode).toBe(200);
    const start = await post(t.app, '/api/mining/start', undefined, cookie);
    expect(start.statusCode).toBe(403);
    expect(start.json().error.code).toBe('ACCOUNT_BANNED');
  });

  it('stops through the unload beacon, quietly when already gone', async () => {
    const cookie = await signedUpUser(t.app, 'beacon@example.com');
    const session = (await post(t.app, '/api/mining/start', undefined, cookie)).json();
    clock.advance(10_000);
    expect(
      (await post(t.app, '/api/cleanup-mining-session', { sessionId: session.id }, cookie))
        .statusCode,
    ).toBe(204);
    expect(
      (await post(t.app, '/api/cleanup-mining-session', { sessionId: session.id }, cookie))
        .statusCode,
    ).toBe(204);
    expect((await get('/api/mining/status', cookie)).json().session).toBeNull();
  });
});

describe('the ledger under load (D10)', () => {
  it('keeps balance = sum of transactions through 200 concurrent adjustments and mining credits', async () => {
    const cookie = await signedUpUser(t.app, 'busy@example.com');
    const admin = await adminCookie(t.app);
    const userId = await userIdOf(t.database.db, 'busy@example.com');
    const adjust = (mode: string, amount: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/wallets/${userId}/adjust`,
        headers: { ...sameOrigin, cookie: admin },
        payload: { mode, amount },
      });
    const session = (await post(t.app, '/api/mining/start', undefined, cookie)).json();
    // A reward is due when the calls below start: the job credits it among the adjustments.
    clock.advance(45_000);
    await ping(session.id, cookie);
    clock.advance(20_000);
    const calls: Promise<{ statusCode: number }>[] = [];
    for (let i = 0; i < 200; i++) {
      if (i % 8 === 0) {
        clock.advance(1_000);
        calls.push(post(t.app, '/api/mining/ping', { sessionId: session.id }, cookie));
      } else if (i % 8 === 4) {
        calls.push(tick().then(() => ({ statusCode: 200 })));
      } else {
        calls.push(adjust(i % 4 === 1 ? 'add' : 'subtract', i % 4 === 1 ? '1.5' : '2.25'));
      }
    }
    const results = await Promise.all(calls);
    for (const result of results) expect([200, 204, 400]).toContain(result.statusCode);
    // A tick skips a wallet an adjustment holds (D10): under load every tick above may have found
    // it held, and the reward is then paid by the job's next tick. Due once (90 s mined, 60 s
    // interval), it is paid exactly once, whichever tick got there.
    await tick();
    expect(await miningRows('busy@example.com')).toMatchObject([
      { description: 'Mining reward: 60 s at 100 BTCP/hour', amount: '1.66666667' },
    ]);
    const wallet = await balanceOf('busy@example.com');
    expect(wallet?.balance).toBe(wallet?.sum);
    expect(Number(wallet?.balance)).toBeGreaterThanOrEqual(0);
    const negative = await t.database.db.select().from(wallets).where(sql`${wallets.balance} < 0`);
    expect(negative).toHaveLength(0);
  });

  it('applies a repeated Idempotency-Key once', async () => {
    await signedUpUser(t.app, 'idem@example.com');
    const admin = await adminCookie(t.app);
    const userId = await userIdOf(t.database.db, 'idem@example.com');
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/wallets/${userId}/adjust`,
        headers: { ...sameOrigin, cookie: admin, 'idempotency-key': 'key-0001-abcdef' },
        payload: { mode: 'add', amount: '10', reason: 'welcome gift' },
      });
    const results = await Promise.all([send(), send(), send()]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(results.filter((r) => r.json().applied)).toHaveLength(1);
    const rows = await t.database.db
      .select()
      .from(transactions)
      .where(eq(transactions.userId, userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      amount: '10.00000000',
      transactionType: 'ADMIN_ADJUSTMENT',
      reason: 'welcome gift',
    });
    expect((await send()).json()).toEqual({
      balance: '10.00000000',
      delta: '10.00000000',
      applied: false,
    });
  });
});

const idOf = (email: string) => userIdOf(t.database.db, email);

function setBalance(admin: string, id: string, amount: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/wallets/${id}/adjust`,
    headers: { ...sameOrigin, cookie: admin },
    payload: { mode: 'set', amount },
  });
}

describe('a wallet at the balance ceiling (numeric(20,8))', () => {
  it('caps a mining reward at what fits, records it exactly, and never fails the stop', async () => {
    const cookie = await signedUpUser(t.app, 'ceiling-miner@example.com');
    const admin = await adminCookie(t.app);
    const id = await idOf('ceiling-miner@example.com');
    expect((await setBalance(admin, id, '999999999999.9')).statusCode).toBe(200);
    const session = (await post(t.app, '/api/mining/start', undefined, cookie)).json();
    clock.advance(30_000);
    await post(t.app, '/api/mining/ping', { sessionId: session.id }, cookie);
    clock.advance(15_000);
    // 45 s at 100/h is 1.25; only 0.09999999 fits under the ceiling.
    const stop = await post(t.app, '/api/mining/stop', { sessionId: session.id }, cookie);
    expect(stop.statusCode, stop.body).toBe(200);
    expect(stop.json()).toMatchObject({ credited: '0.09999999', balance: MAX_BALANCE });
    expect(await balanceOf('ceiling-miner@example.com')).toEqual({
      balance: MAX_BALANCE,
      sum: MAX_BALANCE,
    });
    const history = (
      await t.app.inject({ method: 'GET', url: '/api/wallet/transactions', headers: { cookie } })
    ).json();
    expect(history.items[0]).toMatchObject({
      amount: '0.09999999',
      type: 'MINING',
      description: 'Mining reward: 45 s at 100 BTCP/hour (capped at the balance limit)',
    });

    // The crediting job pays a full wallet nothing and writes no row, and carries on.
    const again = (await post(t.app, '/api/mining/start', undefined, cookie)).json();
    clock.advance(30_000);
    await ping(again.id, cookie);
    clock.advance(30_000);
    expect(await tick()).toBeGreaterThanOrEqual(1);
    expect(await miningRows('ceiling-miner@example.com')).toHaveLength(1);
    clock.advance(10_000);
    const full = await post(t.app, '/api/mining/stop', { sessionId: again.id }, cookie);
    expect(full.statusCode, full.body).toBe(200);
    expect(full.json()).toMatchObject({ credited: '0.00000000', balance: MAX_BALANCE });
    expect(await balanceOf('ceiling-miner@example.com')).toEqual({
      balance: MAX_BALANCE,
      sum: MAX_BALANCE,
    });
  });

  it('lets the stale-session job close everyone’s sessions, the full wallet’s included', async () => {
    const admin = await adminCookie(t.app);
    const full = await signedUpUser(t.app, 'stale-full@example.com');
    const others = [
      await signedUpUser(t.app, 'stale-one@example.com'),
      await signedUpUser(t.app, 'stale-two@example.com'),
    ];
    expect(
      (await setBalance(admin, await idOf('stale-full@example.com'), MAX_BALANCE)).statusCode,
    ).toBe(200);
    for (const cookie of [full, ...others]) {
      expect((await post(t.app, '/api/mining/start', undefined, cookie)).statusCode).toBe(201);
    }
    clock.advance(10 * 60_000);
    await closeStaleSessions(t.database.db, clock.now(), silentLog);
    for (const cookie of [full, ...others]) {
      expect((await get('/api/mining/status', cookie)).json().session).toBeNull();
    }
    expect((await balanceOf('stale-one@example.com'))?.balance).toBe('0.83333333');
    expect(await balanceOf('stale-full@example.com')).toEqual({
      balance: MAX_BALANCE,
      sum: MAX_BALANCE,
    });
  });

  it('settles each stale session on its own: one that fails is logged and the rest are closed', async () => {
    const broken = await signedUpUser(t.app, 'stale-broken@example.com');
    const fine = await signedUpUser(t.app, 'stale-fine@example.com');
    const brokenSession = (await post(t.app, '/api/mining/start', undefined, broken)).json();
    await post(t.app, '/api/mining/start', undefined, fine);
    // No API removes a wallet: this makes the broken session's settlement fail for real.
    await t.database.db
      .delete(wallets)
      .where(eq(wallets.userId, await idOf('stale-broken@example.com')));
    clock.advance(10 * 60_000);
    const failures: unknown[] = [];
    const log = { warn: (details: unknown) => void failures.push(details) };
    const closed = await closeStaleSessions(t.database.db, clock.now(), log);
    expect(closed).toBeGreaterThanOrEqual(1);
    expect((await get('/api/mining/status', fine)).json().session).toBeNull();
    expect((await balanceOf('stale-fine@example.com'))?.balance).toBe('0.83333333');
    expect((await get('/api/mining/status', broken)).json().session?.id).toBe(brokenSession.id);
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ sessionId: brokenSession.id });
  });
});

describe('settings the database holds', () => {
  it('refuses to start mining while the stored rate is 0, with a clear 409 and no session', async () => {
    const cookie = await signedUpUser(t.app, 'paused@example.com');
    const admin = await adminCookie(t.app);
    const [phases] = await t.database.db
      .select({ value: systemSettings.value })
      .from(systemSettings)
      .where(eq(systemSettings.key, 'mining_phases'));
    // Written before rates had to be positive; no API can store it any more.
    await storeSetting('mining_phases', {
      early_phase: { name: 'Early Phase', period: '2025-2026', hourly_rate: '0', active: true },
      transition_phase: { name: 'Transition Phase', period: '2026-2027', hourly_rate: '1' },
    });
    const start = await post(t.app, '/api/mining/start', undefined, cookie);
    expect(start.statusCode).toBe(409);
    expect(start.json().error).toEqual({
      code: 'MINING_PAUSED',
      message: 'Mining is paused: no hourly rate is set. Try again later.',
    });
    expect((await get('/api/mining/status', cookie)).json()).toMatchObject({ session: null });
    const shown = await get('/api/admin/settings/mining', admin);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().earlyRate).toBe('0');
    await storeSetting('mining_phases', phases?.value);
  });

  it('falls back to the default for a stored value it cannot read', async () => {
    const cookie = await signedUpUser(t.app, 'garbled@example.com');
    await storeSetting('mining_reward_interval', { seconds: 0 });
    await storeSetting('referral_bonus', { amount: 'lots' });
    const session = await post(t.app, '/api/mining/start', undefined, cookie);
    expect(session.statusCode).toBe(201);
    expect(session.json().rewardIntervalSeconds).toBe(60);
    clock.advance(30_000);
    await ping(session.json().id, cookie);
    clock.advance(30_000);
    await tick();
    expect(await miningRows('garbled@example.com')).toMatchObject([
      { description: 'Mining reward: 60 s at 100 BTCP/hour' },
    ]);
    await post(t.app, '/api/mining/stop', { sessionId: session.json().id }, cookie);
    await storeSetting('mining_reward_interval', { seconds: 60 });
    await storeSetting('referral_bonus', { amount: '40' });
  });
});

describe('the settings each process keeps (decision 014)', () => {
  it('are read once for many starts, and again after a change', async () => {
    const statements: string[] = [];
    const own = await createTestApp({ onQuery: (text) => statements.push(text) });
    try {
      const cookies = await Promise.all(
        ['kept-a', 'kept-b', 'kept-c'].map((name) => signedUpUser(own.app, `${name}@example.com`)),
      );
      const settingsReads = () =>
        statements.filter((text) => text.includes('from "system_settings"')).length;
      const start = async (cookie: string) => {
        const response = await post(own.app, '/api/mining/start', undefined, cookie);
        expect(response.statusCode, response.body).toBe(201);
        return response.json() as { id: string; hourlyRate: string };
      };
      statements.length = 0;
      for (const cookie of cookies.slice(0, 2)) await start(cookie);
      expect(settingsReads()).toBeLessThanOrEqual(1);

      const admin = await adminCookie(own.app);
      const settings = await own.app.inject({
        method: 'GET',
        url: '/api/admin/settings/mining',
        headers: { cookie: admin },
      });
      const changed = await own.app.inject({
        method: 'PUT',
        url: '/api/admin/settings/mining',
        headers: { ...sameOrigin, cookie: admin },
        payload: { ...(settings.json() as object), activePhase: 'early', earlyRate: '250' },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      statements.length = 0;
      expect((await start(cookies[2] ?? '')).hourlyRate).toBe('250');
      expect(settingsReads()).toBe(1);
    } finally {
      await own.close();
    }
  });
});

describe('many Stops at once (decision 014)', () => {
  // PGlite runs one statement at a time, and its transactions are not statements Drizzle logs.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'close in statements of their own, at most four transactions at a time in a process, and every Stop is paid',
    async () => {
      let open = 0;
      let mostOpen = 0;
      let closing = 0;
      const own = await createTestApp({
        onQuery: (text) => {
          if (/^begin/i.test(text)) mostOpen = Math.max(mostOpen, ++open);
          if (/^(commit|rollback)/i.test(text)) open--;
          if (text.includes('ended AS (')) closing += 1;
        },
      });
      try {
        const miners = await Promise.all(
          Array.from({ length: 12 }, async (_, index) => {
            const cookie = await signedUpUser(own.app, `stopper-${index}@example.com`);
            const started = await post(own.app, '/api/mining/start', undefined, cookie);
            expect(started.statusCode, started.body).toBe(201);
            return { cookie, sessionId: started.json().id as string };
          }),
        );
        mostOpen = 0;
        closing = 0;
        const stops = await Promise.all(
          miners.map(({ cookie, sessionId }) =>
            post(own.app, '/api/mining/stop', { sessionId }, cookie),
          ),
        );
        expect(stops.map((stop) => stop.statusCode)).toEqual(miners.map(() => 200));
        // A batch of Stops is one statement, committed by itself (decision 030), in no transaction.
        expect(closing).toBeGreaterThan(0);
        expect(closing).toBeLessThanOrEqual(12);
        expect(mostOpen).toBeLessThanOrEqual(4);
      } finally {
        await own.close();
      }
    },
  );
});
