import { spawn } from 'node:child_process';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { creditDueRewards } from '../src/modules/mining/crediting.ts';
import { membersMining, pingAll, post, signedUpUser } from './accounts.ts';
import { roomyLimits } from './community.ts';
import {
  createTestApp,
  makeWebDist,
  manualClock,
  openAgain,
  serverUrlOf,
  type TestApp,
} from './helper.ts';

/**
 * Decision 014: rewards are paid set-wise by a job that every process runs. Two handles on one
 * PostgreSQL database stand for two processes (each its own pool); on PGlite one process owns the
 * database, so both names point at it.
 */
const clock = manualClock(new Date('2026-03-01T00:00:00Z'));
let t: TestApp;
let other: { db: Database; close(): Promise<void> };

beforeAll(async () => {
  t = await createTestApp({ clock, env: roomyLimits });
  const url = serverUrlOf(t.database);
  other = url
    ? await openDatabase({ kind: 'postgres', url })
    : { db: t.database.db, close: async () => {} };
});
afterAll(async () => {
  await other.close();
  await t.close();
});

/**
 * A test that needs the PostgreSQL server itself (another connection holding rows, a process of
 * its own): skipped on PGlite, handed the database's URL on the server.
 */
function onServer(name: string, test: (url: string) => Promise<void>, timeout?: number) {
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    name,
    async () => {
      const url = serverUrlOf(t.database);
      if (!url) throw new Error('no server database');
      await test(url);
    },
    timeout,
  );
}

/** Signs up `count` miners, starts their sessions, and makes one reward due (60 s, covered). */
async function minersWithARewardDue(prefix: string, count: number) {
  const miners = await membersMining(t.app, prefix, count);
  clock.advance(40_000);
  await pingAll(t.app, miners);
  clock.advance(21_000);
  return miners;
}

/** Per user of `prefix`: MINING rows, their sum, and the wallet's balance and full sum. */
async function ledgerOf(prefix: string) {
  const result = await t.database.db.execute(sql`
    SELECT u.email,
      (SELECT count(*)::int FROM transactions x
        WHERE x.user_id = u.id AND x.transaction_type = 'MINING') AS rewards,
      (SELECT coalesce(sum(amount), 0)::text FROM transactions x
        WHERE x.user_id = u.id AND x.transaction_type = 'MINING') AS mined,
      w.balance::text AS balance,
      (SELECT coalesce(sum(amount), 0)::numeric(20,8)::text FROM transactions x
        WHERE x.user_id = u.id) AS total
    FROM users u JOIN wallets w ON w.user_id = u.id
    WHERE u.email LIKE ${`${prefix}-%`}`);
  return (
    result as unknown as {
      rows: { email: string; rewards: number; mined: string; balance: string; total: string }[];
    }
  ).rows;
}

async function stopAll(miners: { cookie: string; sessionId: string }[]) {
  for (const miner of miners) {
    await post(t.app, '/api/mining/stop', { sessionId: miner.sessionId }, miner.cookie);
  }
}

describe('set-wise crediting (decision 014)', () => {
  it('pays each due reward exactly once while two processes run the job at once', async () => {
    const miners = await minersWithARewardDue('twice', 24);
    const now = clock.now();
    const counts = await Promise.all([
      creditDueRewards(t.database.db, now),
      creditDueRewards(other.db, now),
      creditDueRewards(t.database.db, now),
      creditDueRewards(other.db, now),
    ]);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(24);
    const ledger = await ledgerOf('twice');
    expect(ledger).toHaveLength(24);
    for (const row of ledger) {
      expect(row).toMatchObject({ rewards: 1, balance: '1.66666667', total: '1.66666667' });
    }
    await stopAll(miners);
  });

  onServer(
    'leaves a reward whose wallet another transaction holds to the next tick, which pays it once',
    async (url) => {
      const miners = await minersWithARewardDue('held', 2);
      // Another transaction (an admin's adjustment) holds the first miner's wallet.
      const holder = new pg.Client({ connectionString: url });
      await holder.connect();
      try {
        await holder.query('BEGIN');
        await holder.query(
          `SELECT 1 FROM wallets WHERE user_id = (SELECT id FROM users WHERE email = 'held-0@example.com') FOR UPDATE`,
        );
        // The tick neither waits for it nor fails: it pays everyone else.
        expect(await creditDueRewards(t.database.db, clock.now())).toBe(1);
      } finally {
        await holder.query('COMMIT');
        await holder.end();
      }
      expect(await creditDueRewards(t.database.db, clock.now())).toBe(1);
      expect(await creditDueRewards(t.database.db, clock.now())).toBe(0);
      for (const row of await ledgerOf('held')) {
        expect(row).toMatchObject({ rewards: 1, balance: '1.66666667', total: '1.66666667' });
      }
      await stopAll(miners);
    },
  );

  /** The miner's event stream, open on a second process: its `ledger` events as they arrive. */
  async function ledgerEventsOf(cookie: string) {
    const second: FastifyInstance = await buildApp({
      config: { ...t.config, webDistDir: await makeWebDist() },
      database: await openAgain(t.database),
      clock,
      logger: false,
      runJobs: false,
    });
    await second.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(second.server.address() as AddressInfo).port}`;
    const abort = new AbortController();
    const response = await fetch(`${base}/api/events`, {
      headers: { cookie },
      signal: abort.signal,
    });
    const reader = response.body?.getReader();
    if (!reader) throw new Error('no stream');
    const decoder = new TextDecoder();
    let received = '';
    const ledger = () =>
      received
        .split('\n')
        .filter((line) => line.startsWith('data: ') && line.includes('"type":"ledger"'))
        .map((line) => JSON.parse(line.slice('data: '.length)));
    // The stream is open once its first comment arrived.
    while (!received.includes(': connected')) {
      received += decoder.decode((await reader.read()).value);
    }
    return {
      async next(count: number) {
        while (ledger().length < count) received += decoder.decode((await reader.read()).value);
        return ledger();
      },
      async close() {
        abort.abort();
        await second.close();
      },
    };
  }

  it('delivers each reward to the miner’s open event stream, in whichever process it is', async () => {
    const [miner] = await minersWithARewardDue('stream', 1);
    if (!miner) throw new Error('no miner');
    const stream = await ledgerEventsOf(miner.cookie);
    expect(await creditDueRewards(other.db, clock.now())).toBe(1);
    // The same event as every other change of a balance, naming the session it paid (decision 020).
    expect(await stream.next(1)).toEqual([
      {
        type: 'ledger',
        balance: '1.66666667',
        transaction: {
          id: expect.any(String),
          amount: '1.66666667',
          type: 'MINING',
          description: 'Mining reward: 60 s at 100 BTCP/hour',
          createdAt: clock.now().toISOString(),
        },
        mining: { sessionId: miner.sessionId, totalMiningSeconds: 60 },
      },
    ]);
    await stream.close();
    await stopAll([miner]);
  });

  it('tells a Stop’s rest with the same one event, naming no session (its answer reports it)', async () => {
    const [miner] = await minersWithARewardDue('stop-event', 1);
    if (!miner) throw new Error('no miner');
    const stream = await ledgerEventsOf(miner.cookie);
    clock.advance(9_000);
    const stopped = await post(
      t.app,
      '/api/mining/stop',
      { sessionId: miner.sessionId },
      miner.cookie,
    );
    expect(stopped.statusCode, stopped.body).toBe(200);
    // 70 s covered (the ping at 40 s vouches for 30 s more), nothing paid before: all of it now.
    expect(stopped.json()).toMatchObject({ credited: '1.94444444', balance: '1.94444444' });
    expect(await stream.next(1)).toEqual([
      {
        type: 'ledger',
        balance: '1.94444444',
        transaction: {
          id: expect.any(String),
          amount: '1.94444444',
          type: 'MINING',
          description: 'Mining reward: 70 s at 100 BTCP/hour',
          createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        },
        mining: null,
      },
    ]);
    await stream.close();
  });

  onServer(
    'loses and doubles nothing when a process crediting is killed (SIGKILL) mid-transaction',
    async (url) => {
      // Enough rewards that their events need a row of the batch table: fewer would fit in the
      // NOTIFY itself (decision 040), and the lock below would not stop the tick.
      const miners = await minersWithARewardDue('killed', 30);
      const doomed = new URL(url);
      doomed.searchParams.set('application_name', 'btcp-doomed');
      // Holding the batch table makes the doomed tick stop after it wrote the ledger rows and
      // balances, inside its transaction, where the kill lands.
      const locker = new pg.Client({ connectionString: url });
      await locker.connect();
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE realtime_batches IN ACCESS EXCLUSIVE MODE');
      const child = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          fileURLToPath(new URL('./fixtures/credit-due-rewards.ts', import.meta.url)),
          doomed.toString(),
          clock.now().toISOString(),
        ],
        // A plain Node process, without the test runner's loader options.
        { stdio: ['ignore', 'inherit', 'pipe'], env: { PATH: process.env.PATH ?? '' } },
      );
      let childErrors = '';
      child.stderr?.on('data', (chunk) => {
        childErrors += chunk;
      });
      // Asked outside the locker's transaction, which would see one frozen snapshot of it.
      const watcher = new pg.Client({ connectionString: url });
      await watcher.connect();
      const backends = async (condition: string) => {
        const result = await watcher.query<{ count: number }>(
          `SELECT count(*)::int AS count FROM pg_stat_activity
           WHERE application_name = 'btcp-doomed' ${condition}`,
        );
        return result.rows[0]?.count ?? 0;
      };
      for (let waited = 0; (await backends("AND wait_event_type = 'Lock'")) === 0; waited += 50) {
        if (waited > 20_000) {
          throw new Error(`the doomed tick never reached the batch: ${childErrors}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      child.kill('SIGKILL');
      await once(child, 'exit');
      await locker.query('ROLLBACK');
      await locker.end();
      for (let waited = 0; (await backends('')) > 0; waited += 50) {
        if (waited > 20_000) throw new Error('the killed process’s backend lingered');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await watcher.end();
      // Nothing of the killed tick was committed; the next tick pays everyone exactly once.
      for (const row of await ledgerOf('killed')) expect(row.rewards).toBe(0);
      expect(await creditDueRewards(t.database.db, clock.now())).toBe(30);
      expect(await creditDueRewards(other.db, clock.now())).toBe(0);
      for (const row of await ledgerOf('killed')) {
        expect(row).toMatchObject({ rewards: 1, balance: '1.66666667', total: '1.66666667' });
      }
      await stopAll(miners);
    },
    60_000,
  );
});

describe('a ping touches only its own mining row (decision 014)', () => {
  onServer(
    'is answered while the miner’s account row is locked, and when they were last seen is still written',
    async (url) => {
      const cookie = await signedUpUser(t.app, 'locked-account@example.com');
      const started = await post(t.app, '/api/mining/start', undefined, cookie);
      expect(started.statusCode, started.body).toBe(201);
      const ping = () => post(t.app, '/api/mining/ping', { sessionId: started.json().id }, cookie);
      // Pings every 30 s, until seeing the user again is worth recording (over 2 minutes since).
      for (let i = 0; i < 5; i++) {
        clock.advance(30_000);
        expect((await ping()).statusCode).toBe(204);
      }
      clock.advance(30_000);
      const pingedAt = clock.now();

      // Another connection holds the account row, as a profile edit or a ban would.
      const holder = new pg.Client({ connectionString: url });
      await holder.connect();
      try {
        await holder.query('BEGIN');
        await holder.query(
          `SELECT 1 FROM users WHERE email = 'locked-account@example.com' FOR UPDATE`,
        );
        const answer = await Promise.race([
          ping().then((response) => response.statusCode),
          new Promise((resolve) => setTimeout(() => resolve('still waiting'), 5000)),
        ]);
        expect(answer).toBe(204);
      } finally {
        await holder.query('COMMIT');
        await holder.end();
      }
      await t.app.lastSeen.flush();
      const seen = await t.database.db.execute(
        sql`SELECT last_seen_at FROM users WHERE email = 'locked-account@example.com'`,
      );
      const [row] = (seen as unknown as { rows: { last_seen_at: Date | string }[] }).rows;
      expect(new Date(row?.last_seen_at ?? 0).toISOString()).toBe(pingedAt.toISOString());
    },
  );
});

describe('when users were last seen (decision 014)', () => {
  onServer(
    'is written without waiting for a user another transaction holds, so it never deadlocks with it',
    async (url) => {
      const emails = ['seen-first@example.com', 'seen-held@example.com'];
      for (const email of emails) await signedUpUser(t.app, email);
      const idOf = async (email: string) => {
        const found = await t.database.db.execute(sql`SELECT id FROM users WHERE email = ${email}`);
        return (found as unknown as { rows: { id: string }[] }).rows[0]?.id ?? '';
      };
      const [first, held] = [await idOf(emails[0] ?? ''), await idOf(emails[1] ?? '')];
      // Long after anything wrote them, so both are worth writing.
      const seenAt = new Date(clock.now().getTime() + 60 * 60_000);

      // Another transaction (a second process's batch, an edit of the account) holds one of them,
      // and goes on to the other one once this process's batch is under way.
      const holder = new pg.Client({ connectionString: url });
      await holder.connect();
      try {
        await holder.query(`SET lock_timeout = '5s'`);
        await holder.query('BEGIN');
        await holder.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [held]);
        t.app.lastSeen.mark(first, seenAt);
        t.app.lastSeen.mark(held, seenAt);
        const written = t.app.lastSeen.flush();
        // The batch either is done or waits for the held row (as it did before: a deadlock).
        await Promise.race([written, new Promise((resolve) => setTimeout(resolve, 500))]);
        await holder.query('UPDATE users SET updated_at = updated_at WHERE id = $1', [first]);
        await holder.query('COMMIT');
        await written;
      } finally {
        await holder.end();
      }
      const seen = await t.database.db.execute(
        sql`SELECT last_seen_at FROM users WHERE id = ${first}`,
      );
      const [row] = (seen as unknown as { rows: { last_seen_at: Date | string }[] }).rows;
      expect(new Date(row?.last_seen_at ?? 0).toISOString()).toBe(seenAt.toISOString());
    },
  );
});
