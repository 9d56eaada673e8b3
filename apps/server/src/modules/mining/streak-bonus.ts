import { STREAK_MILESTONE_DAYS, streakMessages, toUnits } from '@btcp/shared';
import { sql } from 'drizzle-orm';
import type { Transaction } from '#server/db/client.ts';
import { streakMilestones } from '#server/db/schema.ts';
import { applyLedgerEntry } from '#server/modules/wallet/index.ts';

/** A streak that reached a multiple of 7 days on `day`. */
export interface ReachedMilestone {
  userId: string;
  day: string;
  streakDays: number;
}

/**
 * Whether the milestone earns its bonus: its member is neither banned nor deleted now, and none of
 * the 7 mining days that make it up had time paid while they were banned or in a held referral.
 */
async function earnsBonus(tx: Transaction, milestone: ReachedMilestone): Promise<boolean> {
  const result = await tx.execute(sql`
    SELECT NOT member.is_banned AND account.deleted_at IS NULL
      AND NOT coalesce((
        SELECT bool_or(last.withheld) FROM (
          SELECT withheld FROM mining_days
          WHERE user_id = ${milestone.userId} AND mined AND day <= ${milestone.day}::date
          ORDER BY day DESC LIMIT ${STREAK_MILESTONE_DAYS}
        ) last), false) AS earns
    FROM profiles member JOIN users account ON account.id = member.id
    WHERE member.id = ${milestone.userId}`);
  return (result as unknown as { rows: { earns: boolean }[] }).rows[0]?.earns ?? false;
}

/**
 * Decision 060: records each milestone once (its key refuses a second) and pays its bonus through
 * the ledger as a STREAK_BONUS row, capped at the balance limit like every automatic credit. A
 * bonus of 0 (the default) pays nothing, and a milestone that does not earn it is recorded unpaid:
 * it is never paid later.
 */
export async function payStreakMilestones(
  tx: Transaction,
  milestones: readonly ReachedMilestone[],
  bonus: string,
): Promise<void> {
  for (const milestone of milestones) {
    let transactionId: string | null = null;
    if (toUnits(bonus) > 0n && (await earnsBonus(tx, milestone))) {
      const paid = await applyLedgerEntry(tx, {
        userId: milestone.userId,
        amount: bonus,
        type: 'STREAK_BONUS',
        description: streakMessages.bonusDescription(milestone.streakDays),
        atLimit: 'cap',
      });
      transactionId = paid.transaction?.id ?? null;
    }
    await tx.insert(streakMilestones).values({ ...milestone, transactionId });
  }
}
