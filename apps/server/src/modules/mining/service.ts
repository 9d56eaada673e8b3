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
import { and, count, eq, lt, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { miningSessions, miningStats, wallets } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { miningValue } from '../../lib/money.ts';
import { publish } from '../realtime/hub.ts';
import { loadSettings } from '../settings/service.ts';
import { applyLedgerEntry } from '../wallet/ledger.ts';

type SessionRow = typeof miningSessions.$inferSelect;

export const noSessionError = () =>
  new AppError(404, 'NO_SESSION', 'This mining session has ended. Start mining again.');

export function toMiningSession(row: SessionRow, rewardIntervalSeconds: number): MiningSession {
  return {
    id: row.id,
    startedAt: row.miningStartTime.toISOString(),
    hourlyRate: trimDecimal(row.hourlyRate),
    rewardIntervalSeconds,
    totalMiningSeconds: row.totalMiningSeconds,
  };
}

/** D11: one session per user; the unique key on user_id settles two starts at the same moment. */
export async function startMining(db: Database, userId: string, now: Date): Promise<MiningSession> {
  const settings = await loadSettings(db);
  // Only a rate saved before rates had to be positive can be 0; a session could not store it.
  if (toUnits(settings.hourlyRate) <= 0n) {
    throw new AppError(409, ErrorCode.miningPaused, miningMessages.paused);
  }
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(miningSessions)
        .values({
          userId,
          hourlyRate: settings.hourlyRate,
          miningStartTime: now,
          lastPing: now,
          lastRewardTime: now,
        })
        .returning();
      if (!row) throw new Error('mining session insert returned nothing');
      await publish(tx, userId, { type: 'mining', active: true, sessionId: row.id });
      return toMiningSession(row, settings.rewardIntervalSeconds);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'mining_sessions_user_id_key')) {
      throw new AppError(
        409,
        'MINING_ELSEWHERE',
        `${miningMessages.elsewhere} - ${miningMessages.elsewhereDescription}`,
      );
    }
    throw error;
  }
}

/**
 * D11: pays what the session has earned, only for time covered by pings (each ping covers the 30 s
 * after it). A ping pays whole reward intervals; closing pays the pro-rata rest. Rewards are the
 * difference of the cumulative value of all paid seconds, so rounding never drifts. A wallet at
 * MAX_BALANCE gets only what fits (the ledger caps it and says so in the row); the seconds count
 * as paid all the same, so a full wallet never makes a ping or a stop fail.
 */
async function settle(
  tx: Transaction,
  session: SessionRow,
  now: Date,
  closing: boolean,
  intervalSeconds: number,
) {
  const coveredUntil = Math.min(now.getTime(), session.lastPing.getTime() + MINING_PING_COVERS_MS);
  const unpaidSeconds = Math.max(
    0,
    Math.floor((coveredUntil - session.lastRewardTime.getTime()) / 1000),
  );
  const gap = coveredUntil < now.getTime();
  const paySeconds =
    closing || gap ? unpaidSeconds : Math.floor(unpaidSeconds / intervalSeconds) * intervalSeconds;
  const total = session.totalMiningSeconds + paySeconds;
  const credit =
    miningValue(session.hourlyRate, total) -
    miningValue(session.hourlyRate, session.totalMiningSeconds);
  let balance: string | null = null;
  let credited = fromUnits(0n);
  if (credit > 0n) {
    const applied = await applyLedgerEntry(tx, {
      userId: session.userId,
      amount: fromUnits(credit),
      type: 'MINING',
      description: `Mining reward: ${paySeconds} s at ${trimDecimal(session.hourlyRate)} BTCP/hour`,
      atLimit: 'cap',
    });
    balance = applied.balance;
    credited = applied.amount;
  }
  // After a gap the uncovered time is forfeited: the next reward counts from now.
  const lastRewardTime = gap ? now : new Date(session.lastRewardTime.getTime() + paySeconds * 1000);
  return { credited, balance, total, lastRewardTime };
}

async function lockOwnSession(
  tx: Transaction,
  userId: string,
  sessionId: string,
): Promise<SessionRow> {
  const [session] = await tx
    .select()
    .from(miningSessions)
    .where(
      and(
        eq(miningSessions.id, sql.placeholder('sessionId')),
        eq(miningSessions.userId, sql.placeholder('userId')),
      ),
    )
    .for('update')
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

export async function pingMining(db: Database, userId: string, sessionId: string, now: Date) {
  const { rewardIntervalSeconds } = await loadSettings(db);
  return db.transaction(async (tx) => {
    const session = await lockOwnSession(tx, userId, sessionId);
    const result = await settle(tx, session, now, false, rewardIntervalSeconds);
    const [updated] = await tx
      .update(miningSessions)
      .set({
        lastPing: sql`${sql.placeholder('now')}`,
        lastRewardTime: sql`${sql.placeholder('lastRewardTime')}`,
        totalMiningSeconds: sql`${sql.placeholder('total')}`,
      })
      .where(eq(miningSessions.id, sql.placeholder('id')))
      .returning()
      .prepare('record_mining_ping')
      .execute({
        now,
        lastRewardTime: result.lastRewardTime,
        total: result.total,
        id: session.id,
      });
    return {
      credited: result.credited,
      balance: result.balance ?? (await currentBalance(tx, userId)),
      session: updated ? toMiningSession(updated, rewardIntervalSeconds) : null,
    };
  });
}

async function closeSession(
  tx: Transaction,
  session: SessionRow,
  now: Date,
  intervalSeconds: number,
) {
  const result = await settle(tx, session, now, true, intervalSeconds);
  await tx.delete(miningSessions).where(eq(miningSessions.id, session.id));
  await tx
    .insert(miningStats)
    .values({ userId: session.userId, lastMiningTime: now })
    .onConflictDoUpdate({
      target: miningStats.userId,
      set: { lastMiningTime: now, updatedAt: sql`now()` },
    });
  await publish(tx, session.userId, { type: 'mining', active: false, sessionId: null });
  return result;
}

export async function stopMining(db: Database, userId: string, sessionId: string, now: Date) {
  const { rewardIntervalSeconds } = await loadSettings(db);
  return db.transaction(async (tx) => {
    const session = await lockOwnSession(tx, userId, sessionId);
    const result = await closeSession(tx, session, now, rewardIntervalSeconds);
    return {
      credited: result.credited,
      balance: result.balance ?? (await currentBalance(tx, userId)),
      session: null,
    };
  });
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
  const { rewardIntervalSeconds } = await loadSettings(db);
  const staleBefore = new Date(now.getTime() - MINING_STALE_AFTER_MS);
  const candidates = await db
    .select({ id: miningSessions.id })
    .from(miningSessions)
    .where(lt(miningSessions.lastPing, staleBefore))
    .orderBy(miningSessions.lastPing)
    .limit(500);
  let closed = 0;
  for (const { id } of candidates) {
    try {
      const done = await db.transaction(async (tx) => {
        const [session] = await tx
          .select()
          .from(miningSessions)
          .where(and(eq(miningSessions.id, id), lt(miningSessions.lastPing, staleBefore)))
          .for('update', { skipLocked: true });
        if (!session) return false;
        await closeSession(tx, session, now, rewardIntervalSeconds);
        return true;
      });
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

export async function miningStatus(db: Database, userId: string) {
  const settings = await loadSettings(db);
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
