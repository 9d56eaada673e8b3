import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { creditDueRewards } from '#server/modules/mining/crediting.ts';
import { stopMining } from '#server/modules/mining/stops.ts';
import { loadSettings } from '#server/modules/settings/index.ts';
import { membersMining, pingAll, post } from '#server-test/accounts.ts';
import { createTestApp, manualClock, serverUrlOf, type TestApp } from '#server-test/helper.ts';

const clock = manualClock(new Date('2026-01-01T00:00:00Z'));
const MINERS = 12;
let t: TestApp;
/** The statements that end Stops' sessions: one per batch of Stops. */
let stopBatches = 0;
beforeAll(async () => {
  t = await createTestApp({
    clock,
    onQuery: (text) => {
      if (text.includes('ended AS (')) stopBatches += 1;
    },
  });
});
afterAll(() => t.close());

describe('Stops that arrive together (decision 030)', () => {
  it('close in shared transactions, each answered for itself, only by its own session’s owner', async () => {
    const miners = await membersMining(t.app, 'stopper', MINERS);
    clock.advance(30_000);
    await pingAll(t.app, miners);
    clock.advance(15_000);
    const [first, second] = miners;
    if (!first || !second) throw new Error('no miners');
    stopBatches = 0;
    // Everyone presses Stop at once; one also sends a second Stop, another tries a stranger's.
    const [stops, repeated, intruder] = await Promise.all([
      Promise.all(
        miners.map((miner) =>
          post(t.app, '/api/mining/stop', { sessionId: miner.sessionId }, miner.cookie),
        ),
      ),
      post(t.app, '/api/mining/stop', { sessionId: first.sessionId }, first.cookie),
      post(t.app, '/api/mining/stop', { sessionId: second.sessionId }, first.cookie),
    ]);

    // 45 s at 100/h is 1.25, paid to each miner, whatever batch its Stop shared.
    for (const stop of stops) {
      expect(stop.statusCode, stop.body).toBe(200);
      expect(stop.json()).toEqual({ credited: '1.25000000', balance: '1.25000000', session: null });
    }
    expect(repeated.statusCode).toBe(404);
    expect(intruder.statusCode).toBe(404);
    expect(intruder.json().error.code).toBe('NO_SESSION');
    // PGlite runs one statement at a time, and these requests reach the batcher one by one there.
    if (process.env.TEST_DATABASE_URL) expect(stopBatches).toBeLessThan(MINERS);
    else expect(stopBatches).toBeLessThanOrEqual(MINERS);

    const { rows } = (await t.database.db.execute(sql`
      SELECT (SELECT count(*) FROM mining_sessions)::int AS open,
             (SELECT count(*) FROM transactions WHERE transaction_type = 'MINING')::int AS rows,
             (SELECT count(*) FROM wallets w WHERE w.balance <>
                (SELECT coalesce(sum(amount), 0) FROM transactions x WHERE x.user_id = w.user_id))::int AS mismatched,
             (SELECT count(*) FROM mining_stats WHERE last_mining_time IS NOT NULL)::int AS stats`)) as unknown as {
      rows: { open: number; rows: number; mismatched: number; stats: number }[];
    };
    expect(rows[0]).toEqual({ open: 0, rows: MINERS, mismatched: 0, stats: MINERS });
  });
});

/**
 * The database as a Stop sees it, but whose first statement sent with `execute` (a batch's one
 * statement, after its unlocked read) waits for `race` to run first.
 */
function racedBy(db: Database, race: () => Promise<unknown>): Database {
  let raced = false;
  return new Proxy(db, {
    get(target, property) {
      const value = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      if (property !== 'execute') return value.bind(target);
      return async (...args: unknown[]) => {
        if (!raced) {
          raced = true;
          await race();
        }
        return value.apply(target, args);
      };
    },
  });
}

/** Each of `prefix`'s members: MINING rows, their sum, the balance, all its rows' sum. */
async function ledgerOf(prefix: string) {
  const result = await t.database.db.execute(sql`
    SELECT u.email, u.id,
      (SELECT count(*)::int FROM transactions x
        WHERE x.user_id = u.id AND x.transaction_type = 'MINING') AS rewards,
      (SELECT coalesce(sum(amount), 0)::numeric(20,8)::text FROM transactions x
        WHERE x.user_id = u.id AND x.transaction_type = 'MINING') AS mined,
      w.balance::text AS balance,
      (SELECT coalesce(sum(amount), 0)::numeric(20,8)::text FROM transactions x
        WHERE x.user_id = u.id) AS total,
      (SELECT count(*)::int FROM mining_sessions s WHERE s.user_id = u.id) AS open
    FROM users u JOIN wallets w ON w.user_id = u.id
    WHERE u.email LIKE ${`${prefix}-%`} ORDER BY u.email`);
  return (
    result as unknown as {
      rows: {
        email: string;
        id: string;
        rewards: number;
        mined: string;
        balance: string;
        total: string;
        open: number;
      }[];
    }
  ).rows;
}

/**
 * Two members who mined the same 66 s, the second of whom a crediting tick pays 60 s of while
 * their Stop is under way (after its unlocked read, before its statement): `race` runs that tick.
 */
async function stoppedAcrossATick(prefix: string, race: (userId: string) => Promise<number>) {
  const miners = await membersMining(t.app, prefix, 2);
  clock.advance(40_000);
  await pingAll(t.app, miners);
  clock.advance(26_000);
  const [alone, raced] = await ledgerOf(prefix);
  const [first, second] = miners;
  if (!alone || !raced || !first || !second) throw new Error('no miners');
  const { streaks } = await loadSettings(t.database.db);
  const now = clock.now();
  const stop = (db: Database, userId: string, sessionId: string) =>
    stopMining(db, { userId, sessionId, now, streaks });
  const stopped = await stop(t.database.db, alone.id, first.sessionId);
  let ticked = 0;
  const racing = racedBy(t.database.db, async () => {
    ticked += await race(raced.id);
  });
  const settled = await stop(racing, raced.id, second.sessionId);
  return { stopped, settled, ticked, ledger: await ledgerOf(prefix) };
}

describe('a Stop whose session a crediting tick pays between its read and its statement', () => {
  it('pays only the rest after the tick: the two together are what the Stop alone pays', async () => {
    const { stopped, settled, ticked, ledger } = await stoppedAcrossATick('raced', () =>
      creditDueRewards(t.database.db, clock.now()),
    );
    expect(ticked).toBe(1);
    // 66 s at 100/h: 1.83333333 for the member whose Stop paid it all, 60 s of it by the tick.
    expect(stopped).toEqual({ credited: '1.83333333', balance: '1.83333333', session: null });
    expect(settled).toEqual({ credited: '0.16666666', balance: '1.83333333', session: null });
    const [alone, raced] = ledger;
    expect(alone).toMatchObject({ rewards: 1, mined: '1.83333333', open: 0 });
    expect(raced).toMatchObject({ rewards: 2, mined: '1.83333333', open: 0 });
    for (const row of ledger) expect(row.balance).toBe(row.total);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'waits for a tick that holds the session, then pays only the rest after it',
    async () => {
      const url = serverUrlOf(t.database);
      if (!url) throw new Error('no server database');
      const holder = new pg.Client({ connectionString: url });
      await holder.connect();
      let tick: Promise<number> = Promise.resolve(0);
      try {
        const { settled, ticked, ledger } = await stoppedAcrossATick('held', async (userId) => {
          // Another transaction writes the member's mining day first: the tick locks the session
          // and the wallet, then waits for that row in its statement, holding them.
          await holder.query('BEGIN');
          await holder.query(`INSERT INTO mining_days (user_id, day, seconds) VALUES ($1, $2, 0)`, [
            userId,
            clock.now().toISOString().slice(0, 10),
          ]);
          tick = creditDueRewards(t.database.db, clock.now());
          await new Promise((resolve) => setTimeout(resolve, 300));
          // The Stop's statement now waits for the tick, which commits once this does.
          setTimeout(() => void holder.query('COMMIT'), 300);
          return 0;
        });
        expect(ticked).toBe(0);
        expect(await tick).toBe(1);
        expect(settled).toEqual({ credited: '0.16666666', balance: '1.83333333', session: null });
        const [alone, raced] = ledger;
        expect(alone).toMatchObject({ rewards: 1, mined: '1.83333333', open: 0 });
        expect(raced).toMatchObject({ rewards: 2, mined: '1.83333333', open: 0 });
        for (const row of ledger) expect(row.balance).toBe(row.total);
      } finally {
        await holder.end();
      }
    },
  );
});
