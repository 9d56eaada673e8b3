import { randomUUID } from 'node:crypto';
import { ErrorCode, type MiningSession, miningMessages, toUnits } from '@btcp/shared';
import { sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { miningPings, miningSessions } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import { createBatcher, onePer } from '#server/lib/batcher.ts';
import { batchPublished } from '#server/modules/realtime/index.ts';
import type { ActiveMiningSettings } from '#server/modules/settings/index.ts';
import { toMiningSession } from './sessions.ts';
import { serverBusy } from './stops.ts';

interface Start {
  id: string;
  userId: string;
  hourlyRate: string;
  now: Date;
  /** Where Start came from: many accounts mining from one address are counted (decision 033). */
  ip: string;
}

/** The most Starts one statement opens; more wait for the next. */
const START_BATCH_MAX = 500;
/** Starts one process keeps waiting (decision 030); past it a 503 with a Retry-After. */
const START_QUEUE_MAX = 5000;
/**
 * How long a Start that finds no statement under way waits for others to share its statement
 * (decision 040). Arriving miners come at about 60 a second per process, each Start too short to
 * overlap the next, so each cost a statement, a commit and a NOTIFY that every process heard;
 * 20 ms is far below what a person pressing Start can notice.
 */
const START_LINGER_MS = 20;

const elsewhere = () =>
  new AppError(
    409,
    ErrorCode.miningElsewhere,
    `${miningMessages.elsewhere} - ${miningMessages.elsewhereDescription}`,
  );

/**
 * Opens a batch of sessions in one statement (decision 030): the sessions, their first pings
 * (starting counts as one), and their events in one NOTIFY (decision 040). A user who already
 * has a session (the unique key on user_id) gets none, and so does a second Start of one user
 * in the batch. Each Start had been a statement and a commit with a NOTIFY of its own, and
 * PostgreSQL lets one notifying commit through at a time: at 250 arrivals a second the Starts
 * waited for each other holding pooled connections, and pings waited for a connection.
 */
async function openBatch(db: Database, batch: Start[]): Promise<Set<string>> {
  const firstOfEach = new Map<string, Start>();
  for (const start of batch)
    if (!firstOfEach.has(start.userId)) firstOfEach.set(start.userId, start);
  const wanted = JSON.stringify([...firstOfEach.values()]);
  const result = await db.execute(sql`
    WITH wanted AS (
      SELECT * FROM jsonb_to_recordset(${wanted}::jsonb)
        AS wanted(id uuid, "userId" uuid, "hourlyRate" numeric, now timestamptz, ip text)
    ), started AS (
      INSERT INTO ${miningSessions} (id, user_id, hourly_rate, mining_start_time, last_reward_time, ip)
      SELECT id, "userId", "hourlyRate", now, now, ip FROM wanted
      ON CONFLICT (user_id) DO NOTHING
      RETURNING id, user_id, mining_start_time
    ), pinged AS (
      INSERT INTO ${miningPings} (session_id, user_id, last_ping)
      SELECT id, user_id, mining_start_time FROM started
    ), events AS (
      SELECT jsonb_agg(jsonb_build_object('userId', user_id, 'event',
        jsonb_build_object('type', 'mining', 'active', true, 'sessionId', id)))::text AS payload
      FROM started HAVING count(*) > 0
    ), ${batchPublished}
    SELECT started.id::text AS id, (SELECT count(*) FROM notified) AS notified FROM started`);
  return new Set((result as unknown as { rows: { id: string }[] }).rows.map((row) => row.id));
}

const starterOf = onePer((db: Database) =>
  createBatcher<Start, boolean>({
    maxBatch: START_BATCH_MAX,
    maxWaiting: START_QUEUE_MAX,
    lingerMs: START_LINGER_MS,
    full: serverBusy,
    async run(batch) {
      const opened = await openBatch(db, batch);
      return batch.map((start) => opened.has(start.id));
    },
  }),
);

/** D11: one session per user; the unique key on user_id settles two starts at the same moment. */
export async function startMining(
  db: Database,
  settings: ActiveMiningSettings,
  userId: string,
  now: Date,
  ip: string,
): Promise<MiningSession> {
  // Only a rate saved before rates had to be positive can be 0; a session could not store it.
  if (toUnits(settings.hourlyRate) <= 0n) {
    throw new AppError(409, ErrorCode.miningPaused, miningMessages.paused);
  }
  const start = { id: randomUUID(), userId, hourlyRate: settings.hourlyRate, now, ip };
  if (!(await starterOf(db)(start))) throw elsewhere();
  return toMiningSession(
    { id: start.id, hourlyRate: start.hourlyRate, miningStartTime: now, totalMiningSeconds: 0 },
    settings.rewardIntervalSeconds,
  );
}
