import { fromUnits, MINING_STALE_AFTER_MS, type MiningSession, trimDecimal } from '@btcp/shared';
import { and, count, eq, lt, sql } from 'drizzle-orm';
import pLimit, { type LimitFunction } from 'p-limit';
import type { Database, Transaction } from '#server/db/client.ts';
import { miningPings, miningSessions, miningStats, pendingReferrals } from '#server/db/schema.ts';
import { queueMiningStopped } from '#server/modules/push/index.ts';
import { notification } from '#server/modules/realtime/index.ts';
import { payQualifiedReferrals } from '#server/modules/referrals/index.ts';
import { type ActiveMiningSettings, loadSettings } from '#server/modules/settings/index.ts';
import { applyLedgerEntry } from '#server/modules/wallet/index.ts';
import { recordMiningDays } from './mining-days.ts';
import { coveredUntil, earned, rewardDescription } from './rewards.ts';
import { type SessionRow, sessionWithPing } from './session-row.ts';

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
  if (credit <= 0n) return { credited: fromUnits(0n), balance: null, paySeconds };
  const applied = await applyLedgerEntry(tx, {
    userId: session.userId,
    amount: fromUnits(credit),
    type: 'MINING',
    description: rewardDescription(paySeconds, session.hourlyRate),
    atLimit: 'cap',
  });
  return { credited: applied.amount, balance: applied.balance, paySeconds };
}

async function closeSession(tx: Transaction, session: SessionRow, now: Date) {
  const result = await settleRest(tx, session, now);
  // One statement, as Stops come in crowds (decision 014): the session goes (its ping row with it),
  // the user's last mining time, the event, and the paid time counts toward a referral waiting to
  // qualify (decision 033), if there is one.
  const closed = await tx.execute(sql`
    WITH counted AS (
      UPDATE ${pendingReferrals} SET mined_seconds = mined_seconds + ${result.paySeconds}
      WHERE referred_user_id = ${session.userId} RETURNING referred_user_id
    ), ended AS (
      DELETE FROM ${miningSessions} WHERE ${miningSessions.id} = ${session.id} RETURNING user_id
    ), stats AS (
      INSERT INTO ${miningStats} (user_id, last_mining_time) SELECT user_id, ${now} FROM ended
      ON CONFLICT (user_id) DO UPDATE SET last_mining_time = excluded.last_mining_time,
        updated_at = now()
    )
    SELECT ${notification(session.userId, { type: 'mining', active: false, sessionId: null })},
      EXISTS (SELECT 1 FROM counted) AS counted
    FROM ended`);
  const counted = (closed as unknown as { rows: { counted: boolean }[] }).rows[0]?.counted;
  if (counted || result.paySeconds > 0) {
    const settings = await loadSettings(tx);
    if (counted) await payQualifiedReferrals(tx, settings, [session.userId]);
    // Decision 060: the paid rest counts toward the member's mining days.
    const paid = {
      userId: session.userId,
      from: session.lastRewardTime,
      seconds: result.paySeconds,
    };
    await recordMiningDays(tx, [paid], settings.streaks);
  }
  return result;
}

/**
 * How many stale sessions one process closes at once (Stops close in batches: stops.ts); the
 * rest wait in memory, holding no connection. Each is a transaction that holds a pooled
 * connection for several statements, and pings must still find one (decision 014). Fewer than the
 * smallest pool (8) leaves room for everyone else.
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

/**
 * Closes the user's session, if one is open, as Stop does, inside the caller's transaction: an
 * account being deleted is paid what its pings covered, so the ledger stays exact (decision 029).
 * Whether there was one to close.
 */
export async function closeSessionOfUser(
  tx: Transaction,
  userId: string,
  now: Date,
): Promise<boolean> {
  const [session] = await tx
    .select(sessionWithPing)
    .from(miningSessions)
    .innerJoin(miningPings, eq(miningPings.sessionId, miningSessions.id))
    .where(eq(miningSessions.userId, userId))
    .for('update', { of: miningSessions });
  if (session) await closeSession(tx, session, now);
  return Boolean(session);
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
          // Decision 063: the member hears of it, if they asked to.
          await queueMiningStopped(tx, [session.userId]);
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
