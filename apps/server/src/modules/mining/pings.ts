import { MINING_STALE_AFTER_MS } from '@btcp/shared';
import { and, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { commitsWithoutWaitingForDisk, idArray, prepared } from '#server/db/prepared.ts';
import { miningPings } from '#server/db/schema.ts';
import { createBatcher } from '#server/lib/batcher.ts';
import { noSessionError } from './rewards.ts';

interface Ping {
  userId: string;
  sessionId: string;
  now: Date;
}

/** The most pings one statement records; more wait for the next. */
const PING_BATCH_MAX = 2000;

/**
 * How long a ping that finds no statement under way waits for others to share its statement
 * (decision 039). At 50,000 miners each process takes about 400 pings a second: sent one by one,
 * each cost its own round trip and its own statement in PostgreSQL; waiting 10 ms groups them by
 * about four and cuts the CPU a ping costs by about a third in the server and half in PostgreSQL.
 * A ping is a heartbeat nobody watches, and 10 ms is far inside its 30 s cadence.
 */
const PING_LINGER_MS = 10;

/**
 * Records queued pings, one statement per batch (decision 014): the pings that arrive while the
 * previous statement runs, or within PING_LINGER_MS of a quiet spell's first ping, share the next
 * one, so a busy server sends fewer, larger statements instead of queueing round trips.
 */
function createPingRecorder(db: Database) {
  const statement = prepared(db, 'record_mining_pings', (db, name) =>
    db
      .update(miningPings)
      // A ping overtaken by a later one never moves the session back.
      .set({ lastPing: sql`greatest(${miningPings.lastPing}, batch.now)` })
      .from(
        sql`jsonb_to_recordset(${sql.placeholder('batch')}::jsonb) AS batch("sessionId" uuid, "userId" uuid, now timestamptz, "staleBefore" timestamptz)`,
      )
      .where(
        and(
          // The same sessions again, as an index condition: the planner takes any batch for 100
          // rows, and below ~20,000 sessions it read the whole table for each batch rather than
          // look 100 keys up (decision 014); ten is what it assumes of an array, so it looks up.
          sql`${miningPings.sessionId} = ANY(${sql.placeholder('ids')}::uuid[])`,
          sql`${miningPings.sessionId} = batch."sessionId"`,
          sql`${miningPings.userId} = batch."userId"`,
          sql`${miningPings.lastPing} >= batch."staleBefore"`,
          // A ping is not money.
          commitsWithoutWaitingForDisk(),
        ),
      )
      .returning({ sessionId: miningPings.sessionId, userId: miningPings.userId })
      .prepare(name),
  );
  return createBatcher<Ping, boolean>({
    maxBatch: PING_BATCH_MAX,
    lingerMs: PING_LINGER_MS,
    async run(batch) {
      // One row per session and owner (two tabs may ping at once), at its latest time.
      const latest = new Map<string, Ping>();
      for (const ping of batch) {
        const key = `${ping.sessionId}/${ping.userId}`;
        const seen = latest.get(key);
        if (!seen || seen.now < ping.now) latest.set(key, ping);
      }
      const rows = [...latest.values()].map((ping) => ({
        sessionId: ping.sessionId,
        userId: ping.userId,
        now: ping.now.toISOString(),
        staleBefore: new Date(ping.now.getTime() - MINING_STALE_AFTER_MS).toISOString(),
      }));
      const recorded = await statement.execute({
        batch: JSON.stringify(rows),
        ids: idArray(rows.map((row) => row.sessionId)),
      });
      const ok = new Set(recorded.map((row) => `${row.sessionId}/${row.userId}`));
      return batch.map((ping) => ok.has(`${ping.sessionId}/${ping.userId}`));
    },
  });
}

const pingRecorders = new WeakMap<Database, ReturnType<typeof createPingRecorder>>();

/**
 * Decision 014: a ping is one statement. It proves the caller owns an open session and records
 * the ping; it pays nothing (the crediting job does). A session silent for 90 s is stale (D11):
 * its ping is refused, and the stale-session job closes it. Pings arriving together share their
 * statement.
 */
export async function pingMining(db: Database, userId: string, sessionId: string, now: Date) {
  let record = pingRecorders.get(db);
  if (!record) {
    record = createPingRecorder(db);
    pingRecorders.set(db, record);
  }
  if (!(await record({ userId, sessionId, now }))) throw noSessionError();
}
