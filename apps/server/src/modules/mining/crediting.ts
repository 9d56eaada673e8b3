import { fromUnits, MINING_PING_COVERS_MS } from '@btcp/shared';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { Database, Transaction } from '#server/db/client.ts';
import { miningPings, miningSessions, wallets } from '#server/db/schema.ts';
import { type ActiveMiningSettings, loadSettings } from '#server/modules/settings/index.ts';
import { type BatchCredit, creditMany } from '#server/modules/wallet/index.ts';
import { paidTimeWork } from './paid-time.ts';
import { coveredUntil, earned, rewardDescription } from './rewards.ts';

/** How many due rewards one tick pays at most; any more wait for the next tick. */
export const CREDIT_BATCH_SIZE = 5000;

type DueSession = Awaited<ReturnType<typeof lockDueSessions>>[number];

/** What a session has been paid once this tick's credit is written. */
interface Paid {
  sessionId: string;
  paidUntil: string;
  total: number;
}

/**
 * The sessions with a reward due, joined to their wallets and last pings, locked (the session and
 * the wallet, skipping rows another process, a Stop or a ping holds: they are paid on a later tick),
 * oldest reward first.
 */
function lockDueSessions(tx: Transaction, now: Date, rewardIntervalSeconds: number) {
  return (
    tx
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
        dueBefore: new Date(now.getTime() - rewardIntervalSeconds * 1000),
        intervalSeconds: rewardIntervalSeconds,
      })
  );
}

/** A session's due reward: its whole intervals that the pings cover, or null when none is. */
function rewardOf(
  session: DueSession,
  now: Date,
  rewardIntervalSeconds: number,
): { credit: BatchCredit; paid: Paid; paySeconds: number; from: Date } | null {
  const intervals = Math.floor(
    (coveredUntil(session, now) - session.lastRewardTime.getTime()) /
      (rewardIntervalSeconds * 1000),
  );
  if (intervals < 1) return null;
  const paySeconds = intervals * rewardIntervalSeconds;
  const total = session.totalMiningSeconds + paySeconds;
  return {
    paySeconds,
    from: session.lastRewardTime,
    credit: {
      userId: session.userId,
      balance: session.balance,
      amount: fromUnits(earned(session, paySeconds)),
      type: 'MINING',
      description: rewardDescription(paySeconds, session.hourlyRate),
      mining: { sessionId: session.id, totalMiningSeconds: total },
    },
    paid: {
      sessionId: session.id,
      paidUntil: new Date(session.lastRewardTime.getTime() + paySeconds * 1000).toISOString(),
      total,
    },
  };
}

/** The sessions' new paid time, as a CTE for the ledger's statement (no round trip of its own). */
const sessionsPaid = (paid: Paid[]) => sql`
  session_paid AS (
    UPDATE ${miningSessions} SET last_reward_time = paid."paidUntil", total_mining_seconds = paid.total
    FROM jsonb_to_recordset(${JSON.stringify(paid)}::jsonb)
      AS paid("sessionId" uuid, "paidUntil" timestamptz, total integer)
    WHERE ${miningSessions.id} = paid."sessionId"
  )`;

/**
 * Decision 014: pays every reward that fell due, set-wise, in one transaction of two statements:
 * the due sessions and their wallets are locked, then one (`creditMany`) writes the ledger rows,
 * the balances and the sessions' paid time, counts the paid time toward referrals waiting to
 * qualify (decision 033) and adds it to the members' mining days (decision 060), and with one
 * NOTIFY tells every process where the batch's events are. Only what it reports adds more: the
 * referrals it completed are paid, the days that became mining days move the streaks on. A reward
 * is worth exactly `earned` (decision 007) and, like every automatic credit, is capped at what the
 * wallet can still hold. Returns the sessions paid.
 */
export async function creditDueRewards(
  db: Database,
  now: Date,
  settings?: ActiveMiningSettings,
): Promise<number> {
  const activeSettings = settings ?? (await loadSettings(db));
  const { rewardIntervalSeconds } = activeSettings;
  return db.transaction(async (tx) => {
    const due = await lockDueSessions(tx, now, rewardIntervalSeconds);
    const rewards = due.flatMap((session) => rewardOf(session, now, rewardIntervalSeconds) ?? []);
    if (rewards.length === 0) return 0;
    const counted = paidTimeWork(
      rewards.map((reward) => ({
        userId: reward.credit.userId,
        from: reward.from,
        seconds: reward.paySeconds,
      })),
      activeSettings.streaks,
    );
    const { reported } = await creditMany(
      tx,
      rewards.map((reward) => reward.credit),
      {
        at: now,
        alongside: [sessionsPaid(rewards.map((reward) => reward.paid)), ...counted.alongside],
        report: counted.report,
      },
    );
    await counted.followUp(tx, reported, activeSettings);
    return rewards.length;
  });
}
