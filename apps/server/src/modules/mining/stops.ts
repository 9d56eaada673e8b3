import { randomInt } from 'node:crypto';
import { ErrorCode, fromUnits, type MiningSettlement, type StreakSettings } from '@btcp/shared';
import { eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '#server/db/client.ts';
import { isDeadlock } from '#server/db/errors.ts';
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

/** The most Stops one transaction closes; more wait for the next. */
const STOP_BATCH_MAX = 500;
/**
 * Stops one process keeps waiting (decision 030): about a second of its work. Past it a Stop is
 * answered 503 with a Retry-After, and the page sends it again then, rather than wait unbounded.
 */
export const STOP_QUEUE_MAX = 5000;

type LockedSession = SessionRow & { balance: string };

/** The batch's own sessions and their wallets, locked in one order (so two batches never deadlock). */
async function lockSessions(tx: Transaction, stops: Stop[]): Promise<LockedSession[]> {
  const pairs = new Map(
    stops.map(({ sessionId, userId }) => [keyOf({ sessionId, userId }), { sessionId, userId }]),
  );
  const wanted = JSON.stringify([...pairs.values()]);
  return tx
    .select({ ...sessionWithPing, balance: wallets.balance })
    .from(miningSessions)
    .innerJoin(miningPings, eq(miningPings.sessionId, miningSessions.id))
    .innerJoin(wallets, eq(wallets.userId, miningSessions.userId))
    .innerJoin(
      sql`jsonb_to_recordset(${sql.placeholder('wanted')}::jsonb) AS wanted("sessionId" uuid, "userId" uuid)`,
      sql`${miningSessions.id} = wanted."sessionId" AND ${miningSessions.userId} = wanted."userId"`,
    )
    .orderBy(miningSessions.id)
    .for('update', { of: [miningSessions, wallets] })
    .prepare('lock_stopping_sessions')
    .execute({ wanted });
}

/** The covered rest of a session (D11, decision 014): every whole second since its last reward. */
function restOf(
  session: LockedSession,
  now: Date,
): BatchCredit & { paySeconds: number; from: Date } {
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

/** The sessions end, with the users' last mining time: CTEs of the ledger's one statement. */
const sessionsEnded = (sessionIds: string[], now: Date) => sql`
  ended AS (
    DELETE FROM ${miningSessions} WHERE ${miningSessions.id} = ANY(${idArray(sessionIds)}::uuid[])
    RETURNING user_id
  ), stats AS (
    INSERT INTO ${miningStats} (user_id, last_mining_time) SELECT user_id, ${now} FROM ended
    ON CONFLICT (user_id) DO UPDATE SET last_mining_time = excluded.last_mining_time,
      updated_at = now()
  )`;

/**
 * Closes a batch of Stops in one transaction whatever their number: the lock, then one statement
 * (the ledger with the sessions' end, the events, the mined seconds toward waiting referrals,
 * decision 033, and the members' mining days, decision 060), and COMMIT. Only what that statement
 * reports adds more: a settings read and a payment when a waiting referral was counted, the
 * streaks when a day became a mining day. Each Stop had been a transaction of seven statements,
 * and at 50,000 miners pressing Stop together the processes' CPU was the limit.
 */
async function closeBatch(db: Database, batch: Stop[]) {
  const settled = new Map<string, MiningSettlement>();
  const now = new Date(Math.max(...batch.map((stop) => stop.now.getTime())));
  // Every Stop carries its process's settings; the latest of them stands for the batch.
  const streaks = batch.reduce((latest, stop) => (stop.now > latest.now ? stop : latest)).streaks;
  await db.transaction(async (tx) => {
    const sessions = await lockSessions(tx, batch);
    if (sessions.length === 0) return;
    const nowOf = new Map(batch.map((stop) => [keyOf(stop), stop.now]));
    const credits = sessions.map((session) =>
      restOf(session, nowOf.get(keyOf({ sessionId: session.id, userId: session.userId })) ?? now),
    );
    const events: Envelope[] = sessions.map((session) => ({
      userId: session.userId,
      event: { type: 'mining', active: false, sessionId: null },
    }));
    // The paid rest counts toward referrals waiting to qualify (decision 033), and toward the
    // members' mining days and streaks (decision 060), in the ledger's statement.
    const counted = paidTimeWork(
      credits.map((credit) => ({
        userId: credit.userId,
        from: credit.from,
        seconds: credit.paySeconds,
      })),
      streaks,
    );
    // Stamped by the database, as every change a person asks for (applyLedgerEntry).
    const { credited: written, reported } = await creditMany(
      tx,
      credits.map(({ paySeconds: _, from: __, ...credit }) => credit),
      {
        at: null,
        alongside: [
          sessionsEnded(
            sessions.map((session) => session.id),
            now,
          ),
          ...counted.alongside,
        ],
        report: counted.report,
        events,
      },
    );
    // Only when a referral was waiting, or a day just became a mining day: a few members a day.
    await counted.followUp(tx, reported, () => loadSettings(tx));
    const byUser = new Map(written.map((row) => [row.userId, row]));
    for (const session of sessions) {
      const row = byUser.get(session.userId);
      settled.set(keyOf({ sessionId: session.id, userId: session.userId }), {
        credited: row?.amount ?? fromUnits(0n),
        balance: row?.balance ?? session.balance,
        session: null,
      });
    }
  });
  return settled;
}

/**
 * Stops that arrive while a batch is being closed share the next one, as pings share their
 * statement (decision 030): a quiet server closes each at once, a crowd in few transactions.
 */
function createStopRecorder(db: Database) {
  const closeWithRetry = async (batch: Stop[]) => {
    try {
      return await closeBatch(db, batch);
    } catch (error) {
      // Another transaction took some of the same rows in another order (a ping batch, a
      // Stop of the same session elsewhere): PostgreSQL aborted this one; it is run again.
      if (isDeadlock(error)) return closeBatch(db, batch);
      throw error;
    }
  };
  return createBatcher<Stop, MiningSettlement | null>({
    maxBatch: STOP_BATCH_MAX,
    maxWaiting: STOP_QUEUE_MAX,
    full: serverBusy,
    async run(batch) {
      const settled = await closeWithRetry(batch);
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
  return settlement;
}
