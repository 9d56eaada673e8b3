import { randomInt } from 'node:crypto';
import { ErrorCode, fromUnits, type MiningSettlement, type StreakSettings } from '@btcp/shared';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { isCheckViolation, isDeadlock } from '#server/db/errors.ts';
import { idArray } from '#server/db/prepared.ts';
import { miningPings, miningSessions, miningStats, wallets } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import { createBatcher, onePer } from '#server/lib/batcher.ts';
import type { Envelope } from '#server/modules/realtime/index.ts';
import { loadSettings } from '#server/modules/settings/index.ts';
import { type BatchCredit, creditMany } from '#server/modules/wallet/index.ts';
import { paidTimeWork } from './paid-time.ts';
import { coveredUntil, earned, rewardDescription } from './rewards.ts';
import { noSessionError, type SessionRow, sessionWithPing } from './session-row.ts';

/** A Stop names a session and its caller: only the session's owner closes it. */
const keyOf = (stop: { sessionId: string; userId: string }) => `${stop.sessionId}/${stop.userId}`;

export interface Stop {
  userId: string;
  sessionId: string;
  now: Date;
  /** The streak settings the Stop's process holds (decision 060). */
  streaks: StreakSettings;
}

/** The most Stops one statement closes; more wait for the next. */
const STOP_BATCH_MAX = 500;
/**
 * Stops one process keeps waiting (decision 030): about a second of its work. Past it a Stop is
 * answered 503 with a Retry-After, and the page sends it again then, rather than wait unbounded.
 */
export const STOP_QUEUE_MAX = 5000;

/** A session as a Stop reads it, unlocked: `version` is its row's version (`xmin`). */
type ReadSession = SessionRow & { balance: string; version: string };

/** Round trip 1: the batch's own sessions with their wallets' balances, read without a lock. */
async function readSessions(db: Database, stops: Stop[]): Promise<ReadSession[]> {
  const pairs = new Map(
    stops.map(({ sessionId, userId }) => [keyOf({ sessionId, userId }), { sessionId, userId }]),
  );
  const wanted = JSON.stringify([...pairs.values()]);
  return db
    .select({
      ...sessionWithPing,
      balance: wallets.balance,
      version: sql<string>`${miningSessions}.xmin::text`,
    })
    .from(miningSessions)
    .innerJoin(miningPings, eq(miningPings.sessionId, miningSessions.id))
    .innerJoin(wallets, eq(wallets.userId, miningSessions.userId))
    .innerJoin(
      sql`jsonb_to_recordset(${sql.placeholder('wanted')}::jsonb) AS wanted("sessionId" uuid, "userId" uuid)`,
      sql`${miningSessions.id} = wanted."sessionId" AND ${miningSessions.userId} = wanted."userId"`,
    )
    .prepare('read_stopping_sessions')
    .execute({ wanted });
}

/** The covered rest of a session (D11, decision 014): every whole second since its last reward. */
function restOf(session: ReadSession, now: Date): BatchCredit & { paySeconds: number; from: Date } {
  const paySeconds = Math.max(
    0,
    Math.floor((coveredUntil(session, now) - session.lastRewardTime.getTime()) / 1000),
  );
  const credit = earned(session, paySeconds);
  return {
    userId: session.userId,
    balance: session.balance,
    amount: fromUnits(credit > 0n ? credit : 0n),
    type: 'MINING',
    description: rewardDescription(paySeconds, session.hourlyRate),
    paySeconds,
    from: session.lastRewardTime,
  };
}

/**
 * The sessions end, each only if its row is still the version read (a crediting tick that paid it
 * meanwhile, or any other change, wrote a new one; pings write mining_pings, not this row), with
 * the users' last mining time: CTEs of the ledger's one statement. Under READ COMMITTED a DELETE
 * that meets a row another transaction is changing waits for it and checks the newest version
 * again, so a session paid meanwhile is left out, for the Stop's next try.
 */
const sessionsEnded = (sessions: ReadSession[], now: Date) => sql`
  ended AS (
    DELETE FROM ${miningSessions}
    USING jsonb_to_recordset(${JSON.stringify(sessions.map(({ id, version }) => ({ id, version })))}::jsonb)
      AS read(id uuid, version xid)
    WHERE ${miningSessions}.id = ANY(${idArray(sessions.map((session) => session.id))}::uuid[])
      AND ${miningSessions}.id = read.id AND ${miningSessions}.xmin = read.version
    RETURNING ${miningSessions}.id, ${miningSessions}.user_id
  ), stats AS (
    INSERT INTO ${miningStats} (user_id, last_mining_time) SELECT user_id, ${now} FROM ended
    ON CONFLICT (user_id) DO UPDATE SET last_mining_time = excluded.last_mining_time,
      updated_at = now()
  )`;

/** The users whose sessions the statement ended: only their credits, time and events count. */
const endedUsers = sql`SELECT user_id FROM ended`;
const endedReport = sql`(SELECT coalesce(jsonb_agg(id), '[]'::jsonb) FROM ended) AS "ended"`;

/** How many times a batch reads its sessions again for those that changed meanwhile. */
const STOP_TRIES = 3;

/** What a try leaves: the sessions it ended, and the Stops whose session changed meanwhile. */
interface Tried {
  settled: Map<string, MiningSettlement>;
  again: Stop[];
}

/**
 * Only when a referral was waiting, or a day just became a mining day (a few members a day): in
 * a transaction of its own after the statement, as both take what is still to do under their
 * own locks (a referral still waiting that the job did not pay is paid by the next counting).
 */
async function followUp(db: Database, counted: ReturnType<typeof paidTimeWork>, reported: object) {
  const run = () =>
    db.transaction((tx) =>
      counted.followUp(tx, reported as Record<string, unknown>, () => loadSettings(tx)),
    );
  await run().catch((error) => {
    if (!isDeadlock(error)) throw error;
    return run();
  });
}

/**
 * One try at a batch: the read, then one statement, committed by itself (the ledger with the
 * sessions' end, the events, the mined seconds toward waiting referrals, decision 033, and the
 * members' mining days, decision 060), of which only the sessions unchanged since the read count.
 */
async function tryToClose(db: Database, stops: Stop[], streaks: StreakSettings): Promise<Tried> {
  const sessions = await readSessions(db, stops);
  const settled = new Map<string, MiningSettlement>();
  if (sessions.length === 0) return { settled, again: [] };
  const now = new Date(Math.max(...stops.map((stop) => stop.now.getTime())));
  const nowOf = new Map(stops.map((stop) => [keyOf(stop), stop.now]));
  const sessionKey = (session: ReadSession) =>
    keyOf({ sessionId: session.id, userId: session.userId });
  const credits = sessions.map((session) => restOf(session, nowOf.get(sessionKey(session)) ?? now));
  const events: Envelope[] = sessions.map((session) => ({
    userId: session.userId,
    event: { type: 'mining', active: false, sessionId: null },
  }));
  const counted = paidTimeWork(
    credits.map((credit) => ({
      userId: credit.userId,
      from: credit.from,
      seconds: credit.paySeconds,
    })),
    streaks,
    endedUsers,
  );
  // Stamped by the database, as every change a person asks for (applyLedgerEntry).
  const answer = await creditMany(
    db,
    credits.map(({ paySeconds: _, from: __, ...credit }) => credit),
    {
      at: null,
      gate: endedUsers,
      alongside: [sessionsEnded(sessions, now), ...counted.alongside],
      report: [endedReport, ...counted.report],
      events,
    },
  ).catch((error) => {
    // Nothing was written: a deadlock with a ping batch or another Stop, or a balance that grew
    // meanwhile past what its credit's cap allowed. Every Stop of the batch tries again.
    if (isDeadlock(error) || isCheckViolation(error, 'wallets_balance_within_limit')) return null;
    throw error;
  });
  if (!answer) return { settled, again: stops };
  if (counted.leftToDo(answer.reported)) await followUp(db, counted, answer.reported);
  const ended = new Set(answer.reported.ended as string[]);
  const byUser = new Map(answer.credited.map((row) => [row.userId, row]));
  for (const session of sessions.filter((read) => ended.has(read.id))) {
    const row = byUser.get(session.userId);
    settled.set(sessionKey(session), {
      credited: row?.amount ?? fromUnits(0n),
      balance: row?.balance ?? session.balance,
      session: null,
    });
  }
  const changed = new Set(sessions.filter((read) => !ended.has(read.id)).map(sessionKey));
  return { settled, again: stops.filter((stop) => changed.has(keyOf(stop))) };
}

/**
 * Closes a batch of Stops whatever their number in two round trips, no transaction: the sessions
 * read, then one statement that ends those still as read and pays them (tryToClose). Only what
 * that statement reports adds more: a settings read and a payment when a waiting referral was
 * counted, the streaks when a day became a mining day. A session a crediting tick paid between the
 * two is read again, a few times at most; a Stop whose session still changed each time is answered
 * busy (null for its settlement: none was found; an Error: try again). Each Stop had been a
 * transaction of seven statements, and at 50,000 miners pressing Stop together the processes'
 * CPU was the limit; then of four round trips (BEGIN, a lock, the statement, COMMIT).
 */
async function closeBatch(db: Database, batch: Stop[]) {
  // Every Stop carries its process's settings; the latest of them stands for the batch.
  const streaks = batch.reduce((latest, stop) => (stop.now > latest.now ? stop : latest)).streaks;
  const settled = new Map<string, MiningSettlement | Error>();
  let open = batch;
  for (let tries = 0; tries < STOP_TRIES && open.length > 0; tries++) {
    const tried = await tryToClose(db, open, streaks);
    for (const [key, settlement] of tried.settled) settled.set(key, settlement);
    open = tried.again;
  }
  for (const stop of open) settled.set(keyOf(stop), serverBusy());
  return settled;
}

/**
 * Stops that arrive while a batch is being closed share the next one, as pings share their
 * statement (decision 030): a quiet server closes each at once, a crowd in few statements.
 */
function createStopRecorder(db: Database) {
  return createBatcher<Stop, MiningSettlement | Error | null>({
    maxBatch: STOP_BATCH_MAX,
    maxWaiting: STOP_QUEUE_MAX,
    full: serverBusy,
    async run(batch) {
      const settled = await closeBatch(db, batch);
      // Two Stops of one session: the first closes it, the second finds it gone.
      return batch.map((stop) => {
        const settlement = settled.get(keyOf(stop)) ?? null;
        settled.delete(keyOf(stop));
        return settlement;
      });
    },
  });
}

/** A 503 whose Retry-After is spread over a few seconds, so the retries do not come back together. */
export const serverBusy = () =>
  new AppError(
    503,
    ErrorCode.unavailable,
    'The server is busy. Please try again in a few seconds.',
    undefined,
    { 'retry-after': String(2 + randomInt(4)) },
  );

const stopRecorderOf = onePer(createStopRecorder);

/** Stop: closes the caller's own session, paying its covered rest pro rata (D11). */
export async function stopMining(db: Database, stop: Stop): Promise<MiningSettlement> {
  const settlement = await stopRecorderOf(db)(stop);
  if (!settlement) throw noSessionError();
  if (settlement instanceof Error) throw settlement;
  return settlement;
}
