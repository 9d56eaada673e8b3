import type { StreakSettings } from '@btcp/shared';
import type { SQL } from 'drizzle-orm';
import type { Transaction } from '#server/db/client.ts';
import { minedSecondsCounted, payCountedReferrals } from '#server/modules/referrals/index.ts';
import { advanceNewMiningDays, miningDaysAdded, type PaidTime } from './mining-days.ts';

/**
 * What paid mining time counts toward, riding on the ledger statement that pays it (creditMany's
 * `alongside` and `report`): the referrals waiting to qualify (decision 033) and the members'
 * mining days (decision 060). `followUp` then does only what that statement reported: pays the
 * referrals it completed, moves on the streaks of the days that became mining days. A crediting
 * tick and a batch of Stops both pay this way. With `only` (a query of user ids: a batch of Stops
 * gives the users whose sessions its statement ended), only their time counts.
 */
export function paidTimeWork(paid: readonly PaidTime[], streaks: StreakSettings, only?: SQL) {
  const referrals = minedSecondsCounted(
    paid.map(({ userId, seconds }) => ({ userId, seconds })),
    only,
  );
  const days = miningDaysAdded(paid, streaks.qualifyingMinutes * 60, only);
  return {
    alongside: [referrals.ctes, days.ctes] as SQL[],
    report: [referrals.report, days.report] as SQL[],
    /** Whether the statement reported anything for `followUp` to do: mostly not. */
    leftToDo: (reported: Record<string, unknown>) =>
      referrals.read(reported).length > 0 || days.read(reported).length > 0,
    async followUp(
      tx: Transaction,
      reported: Record<string, unknown>,
      referralTerms: Parameters<typeof payCountedReferrals>[2],
    ): Promise<void> {
      await payCountedReferrals(tx, referrals.read(reported), referralTerms);
      await advanceNewMiningDays(tx, days.read(reported), streaks);
    },
  };
}
