import { MINING_STALE_AFTER_MS } from '@btcp/shared';
import { and, type SQL, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { commitsWithoutWaitingForDisk, idArray, prepared } from '#server/db/prepared.ts';
import { miningPings } from '#server/db/schema.ts';
import { createBatcher, onePer } from '#server/lib/batcher.ts';
import { noSessionError } from './session-row.ts';

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

const keyOf = (row: { sessionId: string; userId: string }) => `${row.sessionId}/${row.userId}`;

/** A queued ping's rows, one per session and owner (two tabs may ping at once), at its latest time. */
function rowsOf(batch: Ping[]) {
  const latest = new Map<string, Ping>();
  for (const ping of batch) {
    const key = keyOf(ping);
    const seen = latest.get(key);
    if (!seen || seen.now < ping.now) latest.set(key, ping);
  }
  const rows = [...latest.values()].map((ping) => ({
    sessionId: ping.sessionId,
    userId: ping.userId,
    now: ping.now.toISOString(),
    staleBefore: new Date(ping.now.getTime() - MINING_STALE_AFTER_MS).toISOString(),
  }));
  return { batch: JSON.stringify(rows), ids: idArray(rows.map((row) => row.sessionId)) };
}

/**
 * The statement that records a batch of pings: each proves its caller owns an open session that
 * is not stale, and moves that session's last ping. With `unheld`, it leaves out the rows another
 * transaction holds (decision 045).
 */
function pingStatement(db: Database, name: string, unheld: SQL | undefined) {
  return prepared(db, name, (db, name) =>
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
          unheld,
          // A ping is not money.
          commitsWithoutWaitingForDisk(),
        ),
      )
      .returning({ sessionId: miningPings.sessionId, userId: miningPings.userId })
      .prepare(name),
  );
}

/**
 * A session's row is held while a Stop's transaction ends it (the row goes with the session), or
 * while another process records a ping of the same session. Waiting for it would hold every other
 * ping of the batch, and every batch queued behind it, until that transaction ends. The version
 * of a row that such a transaction deletes or updates carries its id in `xmax`; one that nothing
 * touches carries 0 (one a rolled-back transaction touched may keep its id: its ping takes the
 * second queue, which records it). Reading it costs nothing, where `FOR NO KEY UPDATE SKIP
 * LOCKED` wrote a lock to the write-ahead log for every ping (about 0.05 ms of PostgreSQL's CPU
 * each, in the bench). A row held in the instant between the read and the write is still waited
 * for.
 */
const notHeld = sql`${miningPings}.xmax = 0`;

/**
 * Records queued pings, one statement per batch (decision 014): the pings that arrive while the
 * previous statement runs, or within PING_LINGER_MS of a quiet spell's first ping, share the next
 * one, so a busy server sends fewer, larger statements instead of queueing round trips.
 *
 * Two queues (decision 045): every ping goes through the first, whose statement leaves the rows
 * another transaction holds alone; the few it did not record go through the second, which waits
 * for them. A Stop's transaction then holds back only the pings of the sessions it ends, never
 * the rest of the process's pings.
 */
function createPingRecorder(db: Database) {
  const queue = (statement: ReturnType<typeof pingStatement>, lingerMs: number) =>
    createBatcher<Ping, boolean>({
      maxBatch: PING_BATCH_MAX,
      lingerMs,
      async run(batch) {
        const recorded = await statement.execute(rowsOf(batch));
        const ok = new Set(recorded.map(keyOf));
        return batch.map((ping) => ok.has(keyOf(ping)));
      },
    });
  const free = queue(pingStatement(db, 'record_unheld_mining_pings', notHeld), PING_LINGER_MS);
  const waiting = queue(pingStatement(db, 'record_mining_pings', undefined), 0);
  return async (ping: Ping) => (await free(ping)) || waiting(ping);
}

const pingRecorderOf = onePer(createPingRecorder);

/**
 * Decision 014: a ping is one statement, or two when another transaction holds its row or it
 * finds no session (decision 045). It proves the caller owns an open session and records the
 * ping; it pays nothing (the crediting job does). A session silent for 90 s is stale (D11): its
 * ping is refused, and the stale-session job closes it. Pings arriving together share their
 * statement.
 */
export async function pingMining(db: Database, userId: string, sessionId: string, now: Date) {
  if (!(await pingRecorderOf(db)({ userId, sessionId, now }))) throw noSessionError();
}
