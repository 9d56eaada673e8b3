import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { membersMining, pingAll, post } from '#server-test/accounts.ts';
import { createTestApp, manualClock, type TestApp } from '#server-test/helper.ts';

const clock = manualClock(new Date('2026-01-01T00:00:00Z'));
const MINERS = 12;
let t: TestApp;
/** The statements that lock Stops' sessions: one per batch of Stops. */
let stopBatches = 0;
beforeAll(async () => {
  t = await createTestApp({
    clock,
    onQuery: (text) => {
      if (/FOR UPDATE OF "mining_sessions", "wallets"/.test(text) && text.includes('wanted'))
        stopBatches += 1;
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
    expect(stopBatches).toBeLessThan(MINERS);

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
