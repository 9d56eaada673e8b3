import { randomUUID } from 'node:crypto';
import {
  ErrorCode,
  fromUnits,
  MINING_PING_COVERS_MS,
  MINING_STALE_AFTER_MS,
  type MiningSession,
  miningMessages,
  toUnits,
  trimDecimal,
} from '@btcp/shared';
import { and, count, eq, getTableColumns, lt, lte, sql } from 'drizzle-orm';
import pLimit, { type LimitFunction } from 'p-limit';
import type { Database, Transaction } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { commitsWithoutWaitingForDisk, idArray, prepared } from '../../db/prepared.ts';
import {
  miningPings,
  miningSessions,
  miningStats,
  transactions,
  wallets,
} from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { MAX_BALANCE_UNITS, miningValue } from '../../lib/money.ts';
import { notification, publishBatch } from '../realtime/hub.ts';
import { type ActiveMiningSettings, loadSettings } from '../settings/service.ts';
import { applyLedgerEntry, CAPPED_NOTE } from '../wallet/ledger.ts';

/** A session with its last ping (decision 014: kept in mining_pings). */
type SessionRow = typeof miningSessions.$inferSelect & { lastPing: Date };

/** The session's columns and its last ping, for a select joined to mining_pings. */
const sessionWithPing = { ...getTableColumns(miningSessions), lastPing: miningPings.lastPing };

const noSessionError = () =>
  new AppError(404, ErrorCode.noSession, 'This mining session has ended. Start mining again.');

export function toMiningSession(
  row: Pick<
    typeof miningSessions.$inferSelect,
    'id' | 'miningStartTime' | 'hourlyRate' | 'totalMiningSeconds'
  >,
  rewardIntervalSeconds: number,
): MiningSession {
  return {
    id: row.id,
    startedAt: row.miningStartTime.toISOString(),
    hourlyRate: trimDecimal(row.hourlyRate),
    rewardIntervalSeconds,
    totalMiningSeconds: row.totalMiningSeconds,
  };
}

/** D11: one session per user; the unique key on user_id settles two starts at the same moment. */
export async function startMining(
  db: Database,
  settings: ActiveMiningSettings,
  userId: string,
  now: Date,
): Promise<MiningSession> {
  // Only a rate saved before rates had to be positive can be 0; a session could not store it.
  if (toUnits(settings.hourlyRate) <= 0n) {
    throw new AppError(409, ErrorCode.miningPaused, miningMessages.paused);
  }
  const session = {
    id: randomUUID(),
    hourlyRate: settings.hourlyRate,
    miningStartTime: now,
    totalMiningSeconds: 0,
  };
  try {
    // One statement, one round trip (decision 014): the session, its first ping (starting counts
    // as one) and the event, all or nothing. 250 starts a second written as a transaction of five
    // statements held pooled connections between round trips, and pings waited for them.
    await db.execute(sql`
      WITH started AS (
        INSERT INTO ${miningSessions} (id, user_id, hourly_rate, mining_start_time, last_reward_time)
        VALUES (${session.id}, ${userId}, ${session.hourlyRate}, ${now}, ${now})
        RETURNING id, user_id
      ), pinged AS (
        INSERT INTO ${miningPings} (session_id, user_id, last_ping)
        SELECT id, user_id, ${now} FROM started
      )
      SELECT ${notification(userId, { type: 'mining', active: true, sessionId: session.id })}
      FROM started`);
    return toMiningSession(session, settings.rewardIntervalSeconds);
  } catch (error) {
    if (isUniqueViolation(error, 'mining_sessions_user_id_key')) {
      throw new AppError(
        409,
        ErrorCode.miningElsewhere,
        `${miningMessages.elsewhere} - ${miningMessages.elsewhereDescription}`,
      );
    }
    throw error;
  }
}

/** D11, decision 014: the time an open session's pings vouch for, up to now. */
function coveredUntil(session: Pick<SessionRow, 'lastPing'>, now: Date): number {
  return Math.min(now.getTime(), session.lastPing.getTime() + MINING_PING_COVERS_MS);
}

/**
 * Decision 007: what `paySeconds` more of a session are worth, as the difference of the cumulative
 * value of all paid seconds, so rounding never drifts however the time is split.
 */
function earned(
  session: Pick<SessionRow, 'hourlyRate' | 'totalMiningSeconds'>,
  paySeconds: number,
) {
  const { hourlyRate, totalMiningSeconds } = session;
  return (
    miningValue(hourlyRate, totalMiningSeconds + paySeconds) -
    miningValue(hourlyRate, totalMiningSeconds)
  );
}

const rewardDescription = (seconds: number, hourlyRate: string) =>
  `Mining reward: ${seconds} s at ${trimDecimal(hourlyRate)} BTCP/hour`;

/**
 * Closing a session (Stop, the beacon, the stale-session job) pays the covered rest pro rata: every
 * whole second from the last reward up to the last ping + 30 s (or now, if sooner). A wallet at
 * MAX_BALANCE gets only what fits (the ledger caps it and says so in the row).
 */
async function settleRest(tx: Transaction, session: SessionRow, now: Date) {
  const paySeconds = Math.max(
    0,
    Math.floor((coveredUntil(session, now) - session.lastRewardTime.getTime()) / 1000),
  );
  const credit = earned(session, paySeconds);
  if (credit <= 0n) return { credited: fromUnits(0n), balance: null };
  const applied = await applyLedgerEntry(tx, {
    userId: session.userId,
    amount: fromUnits(credit),
    type: 'MINING',
    description: rewardDescription(paySeconds, session.hourlyRate),
    atLimit: 'cap',
  });
  return { credited: applied.amount, balance: applied.balance };
}

async function lockOwnSession(
  tx: Transaction,
  userId: string,
  sessionId: string,
): Promise<SessionRow> {
  const [session] = await tx
    .select(sessionWithPing)
    .from(miningSessions)
    .innerJoin(miningPings, eq(miningPings.sessionId, miningSessions.id))
    .where(
      and(
        eq(miningSessions.id, sql.placeholder('sessionId')),
        eq(miningSessions.userId, sql.placeholder('userId')),
      ),
    )
    .for('update', { of: miningSessions })
    .prepare('lock_mining_session')
    .execute({ sessionId, userId });
  if (!session) throw noSessionError();
  return session;
}

async function currentBalance(tx: Transaction, userId: string): Promise<string> {
  const [wallet] = await tx
    .select({ balance: wallets.balance })
    .from(wallets)
    .where(eq(wallets.userId, userId));
  return wallet?.balance ?? '0.00000000';
}

interface PendingPing {
  userId: string;
  sessionId: string;
  now: Date;
  settle: (recorded: boolean) => void;
  fail: (error: unknown) => void;
}

/** The most pings one statement records; more wait for the next. */
const PING_BATCH_MAX = 2000;

/**
 * Records queued pings, one statement per batch (decision 014): the pings that arrive while the
 * previous statement runs share the next one, so a quiet server sends each ping at once and a busy
 * one sends fewer, larger statements instead of queueing round trips.
 */
function createPingRecorder(db: Database) {
  let queue: PendingPing[] = [];
  let running = false;
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
  const run = async () => {
    running = true;
    while (queue.length > 0) {
      const batch = queue.slice(0, PING_BATCH_MAX);
      queue = queue.slice(batch.length);
      // One row per session and owner (two tabs may ping at once), at its latest time.
      const latest = new Map<string, PendingPing>();
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
      try {
        const recorded = await statement.execute({
          batch: JSON.stringify(rows),
          ids: idArray(rows.map((row) => row.sessionId)),
        });
        const ok = new Set(recorded.map((row) => `${row.sessionId}/${row.userId}`));
        for (const ping of batch) ping.settle(ok.has(`${ping.sessionId}/${ping.userId}`));
      } catch (error) {
        for (const ping of batch) ping.fail(error);
      }
    }
    running = false;
  };
  return (userId: string, sessionId: string, now: Date) =>
    new Promise<boolean>((settle, fail) => {
      queue.push({ userId, sessionId, now, settle, fail });
      if (!running) void run();
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
  if (!(await record(userId, sessionId, now))) throw noSessionError();
}

/** How many due rewards one tick pays at most; any more wait for the next tick. */
export const CREDIT_BATCH_SIZE = 5000;

interface Credit {
  sessionId: string;
  userId: string;
  amount: string;
  description: string;
  paidUntil: string;
  total: number;
}

/**
 * Decision 014: pays every reward that fell due, set-wise, in one transaction: the due sessions and
 * their wallets are locked (skipping rows another process, a Stop or a ping holds: they are paid on
 * a later tick), the ledger rows, the balances and the sessions are written by one statement, and
 * one NOTIFY tells every process where the batch's events are. A reward is due for each whole
 * interval from the last reward that the pings cover; it is worth exactly `earned` (decision 007)
 * and is capped, like every automatic credit, at what the wallet can still hold.
 */
export async function creditDueRewards(
  db: Database,
  now: Date,
  settings?: ActiveMiningSettings,
): Promise<number> {
  const { rewardIntervalSeconds } = settings ?? (await loadSettings(db));
  const intervalMs = rewardIntervalSeconds * 1000;
  return db.transaction(async (tx) => {
    const due = await tx
      .select({
        id: miningSessions.id,
        userId: miningSessions.userId,
        hourlyRate: miningSessions.hourlyRate,
        lastPing: miningPings.lastPing,
        lastRewardTime: miningSessions.lastRewardTime,
        totalMiningSeconds: miningSessions.totalMiningSeconds,
        balance: wallets.balance,
      })
      .from(miningSessions)
      .innerJoin(wallets, eq(wallets.userId, miningSessions.userId))
      // Read, not locked: a ping that commits meanwhile only makes a reward due a tick later.
      .innerJoin(miningPings, eq(miningPings.sessionId, miningSessions.id))
      .where(
        and(
          lte(miningSessions.lastRewardTime, sql.placeholder('dueBefore')),
          sql`${miningSessions.lastRewardTime} + make_interval(secs => ${sql.placeholder('intervalSeconds')}) <= ${miningPings.lastPing} + make_interval(secs => ${MINING_PING_COVERS_MS / 1000})`,
        ),
      )
      .orderBy(miningSessions.lastRewardTime)
      .limit(CREDIT_BATCH_SIZE)
      .for('update', { of: [miningSessions, wallets], skipLocked: true })
      .prepare('lock_due_rewards')
      .execute({
        dueBefore: new Date(now.getTime() - intervalMs),
        intervalSeconds: rewardIntervalSeconds,
      });
    const credits: Credit[] = [];
    for (const session of due) {
      const intervals = Math.floor(
        (coveredUntil(session, now) - session.lastRewardTime.getTime()) / intervalMs,
      );
      if (intervals < 1) continue;
      const paySeconds = intervals * rewardIntervalSeconds;
      const value = earned(session, paySeconds);
      const room = MAX_BALANCE_UNITS - toUnits(session.balance);
      // Bigints: Math.min cannot compare them.
      const capped = value > room;
      credits.push({
        sessionId: session.id,
        userId: session.userId,
        amount: fromUnits(capped ? room : value),
        description: `${rewardDescription(paySeconds, session.hourlyRate)}${capped ? CAPPED_NOTE : ''}`,
        paidUntil: new Date(session.lastRewardTime.getTime() + paySeconds * 1000).toISOString(),
        total: session.totalMiningSeconds + paySeconds,
      });
    }
    if (credits.length === 0) return 0;
    const written = await tx.execute(sql`
      WITH credit AS (
        SELECT * FROM jsonb_to_recordset(${JSON.stringify(credits)}::jsonb) AS credit(
          "sessionId" uuid, "userId" uuid, amount numeric, description text,
          "paidUntil" timestamptz, total integer)
      ), paid AS (
        UPDATE ${miningSessions} SET last_reward_time = credit."paidUntil",
          total_mining_seconds = credit.total
        FROM credit WHERE ${miningSessions.id} = credit."sessionId"
      ), balances AS (
        UPDATE ${wallets} SET balance = ${wallets.balance} + credit.amount, updated_at = ${now}
        FROM credit WHERE ${wallets.userId} = credit."userId" AND credit.amount > 0
        RETURNING ${wallets.userId} AS user_id, ${wallets.balance}::text AS balance
      ), ledger AS (
        INSERT INTO ${transactions} (user_id, amount, transaction_type, description, created_at)
        SELECT credit."userId", credit.amount, 'MINING', credit.description, ${now}
        FROM credit WHERE credit.amount > 0
        RETURNING id, user_id, amount::text AS amount, description
      )
      SELECT ledger.id, ledger.user_id, ledger.amount, ledger.description, balances.balance
      FROM ledger JOIN balances USING (user_id)`);
    const rows = (written as unknown as { rows: CreditedRow[] }).rows;
    const byUser = new Map(credits.map((credit) => [credit.userId, credit]));
    await publishBatch(
      tx,
      rows.map((row) => {
        // One session per user: every credited row is one of the credits just computed.
        const credit = byUser.get(row.user_id);
        if (!credit) throw new Error(`a credit for user ${row.user_id} that was not computed`);
        return {
          userId: row.user_id,
          event: {
            type: 'reward' as const,
            sessionId: credit.sessionId,
            totalMiningSeconds: credit.total,
            balance: row.balance,
            transaction: {
              id: row.id,
              amount: row.amount,
              type: 'MINING' as const,
              description: row.description,
              createdAt: now.toISOString(),
            },
          },
        };
      }),
    );
    return credits.length;
  });
}

interface CreditedRow {
  id: string;
  user_id: string;
  amount: string;
  description: string;
  balance: string;
}

async function closeSession(tx: Transaction, session: SessionRow, now: Date) {
  const result = await settleRest(tx, session, now);
  // One statement (issue 12: 50,000 Stops at once were bound by the processes' CPU, a round trip
  // each): the session goes (its ping row with it), the user's last mining time, the event.
  await tx.execute(sql`
    WITH ended AS (
      DELETE FROM ${miningSessions} WHERE ${miningSessions.id} = ${session.id} RETURNING user_id
    ), stats AS (
      INSERT INTO ${miningStats} (user_id, last_mining_time) SELECT user_id, ${now} FROM ended
      ON CONFLICT (user_id) DO UPDATE SET last_mining_time = excluded.last_mining_time,
        updated_at = now()
    )
    SELECT ${notification(session.userId, { type: 'mining', active: false, sessionId: null })}
    FROM ended`);
  return result;
}

/**
 * How many sessions one process closes at once (Stop, the beacon, the stale-session job); the rest
 * wait in memory, holding no connection. Closing is a transaction that holds a pooled connection
 * for seven statements: with 50,000 miners pressing Stop together, the Stops took nearly every
 * connection of the pools (10 per process with four), and pings queued behind them for a
 * connection, some for over 10 s. Fewer than the smallest pool (8) leaves room for everyone else.
 */
const CLOSING_AT_ONCE = 4;
const closingLimits = new WeakMap<Database, LimitFunction>();

/** Runs `close` when fewer than CLOSING_AT_ONCE sessions are being closed by this process. */
function closing<T>(db: Database, close: () => Promise<T>): Promise<T> {
  let limit = closingLimits.get(db);
  if (!limit) {
    limit = pLimit(CLOSING_AT_ONCE);
    closingLimits.set(db, limit);
  }
  return limit(close);
}

export async function stopMining(db: Database, userId: string, sessionId: string, now: Date) {
  return closing(db, () =>
    db.transaction(async (tx) => {
      const session = await lockOwnSession(tx, userId, sessionId);
      const result = await closeSession(tx, session, now);
      return {
        credited: result.credited,
        balance: result.balance ?? (await currentBalance(tx, userId)),
        session: null,
      };
    }),
  );
}

export interface JobLog {
  warn(details: object, message: string): void;
}

/**
 * D11: closes sessions with no ping for 90 s, paying up to their last ping + 30 s. Each session is
 * settled in its own transaction, so one that fails is logged (and tried again next run) while the
 * others close. Each is re-read under FOR UPDATE SKIP LOCKED: a session another server process is
 * closing, or its owner is pinging or stopping, is left to that process.
 */
export async function closeStaleSessions(db: Database, now: Date, log: JobLog): Promise<number> {
  const staleBefore = new Date(now.getTime() - MINING_STALE_AFTER_MS);
  const candidates = await db
    .select({ id: miningPings.sessionId })
    .from(miningPings)
    .where(lt(miningPings.lastPing, staleBefore))
    .orderBy(miningPings.lastPing)
    .limit(500);
  let closed = 0;
  for (const { id } of candidates) {
    try {
      const done = await closing(db, () =>
        db.transaction(async (tx) => {
          const [session] = await tx
            .select(sessionWithPing)
            .from(miningSessions)
            .innerJoin(miningPings, eq(miningPings.sessionId, miningSessions.id))
            .where(and(eq(miningSessions.id, id), lt(miningPings.lastPing, staleBefore)))
            .for('update', { of: miningSessions, skipLocked: true });
          if (!session) return false;
          await closeSession(tx, session, now);
          return true;
        }),
      );
      if (done) closed++;
    } catch (error) {
      log.warn(
        { err: error, sessionId: id },
        'closing a stale mining session failed; it will be tried again',
      );
    }
  }
  return closed;
}

export async function miningStatus(db: Database, settings: ActiveMiningSettings, userId: string) {
  const [[own], [miners]] = await Promise.all([
    db.select().from(miningSessions).where(eq(miningSessions.userId, userId)),
    db.select({ value: count() }).from(miningSessions),
  ]);
  return {
    session: own ? toMiningSession(own, settings.rewardIntervalSeconds) : null,
    activeMiners: miners?.value ?? 0,
    hourlyRate: settings.hourlyRate,
    phaseName: settings.phaseName,
    rewardIntervalSeconds: settings.rewardIntervalSeconds,
  };
}
