import { formatCoinAmount } from '@btcp/shared/decimal';
import { COIN, REFERRAL_BONUS } from '@btcp/shared/product';
import type { ReferralStats } from '@btcp/shared/wallet';
import { Coins, type LucideIcon, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { QueryCard } from '#web/components/query-card.tsx';
import { formatCount } from '#web/lib/format.ts';
import { useReferralStats } from '../api/get-referral-stats.ts';

/** One figure in a tile: its icon and name, then its value and any note (the `dd`s). */
function Figure({
  icon: Icon,
  label,
  children,
}: {
  icon: LucideIcon;
  label: string;
  children: ReactNode;
}) {
  return (
    <div className="rounded-lg border border-border bg-muted/40 p-3">
      <dt className="flex items-center gap-2 text-sm text-muted-foreground">
        <Icon aria-hidden="true" className="size-4 shrink-0 text-primary" />
        {label}
      </dt>
      {children}
    </div>
  );
}

/** What still stands between the waiting referrals and their bonus (decision 033). */
function waitingNote(stats: ReferralStats): string {
  const waiting = stats.pendingReferrals;
  const head = `${formatCount(waiting)} more waiting to qualify`;
  const parts: string[] = [];
  if (stats.pendingUnverified > 0) {
    parts.push(`${formatCount(stats.pendingUnverified)} to verify their email`);
  }
  const mining = stats.pendingMinedMinutes;
  if (mining.length > 0 && stats.qualifyingMinutes > 0) {
    parts.push(
      `mined so far: ${mining.map((minutes) => `${minutes} of ${stats.qualifyingMinutes} min`).join(', ')}`,
    );
  }
  return parts.length > 0 ? `${head} (${parts.join('; ')})` : head;
}

const bonusRule = (qualifyingMinutes: number | undefined) =>
  qualifyingMinutes
    ? `${REFERRAL_BONUS} ${COIN} for each referral once they verify their email and mine ${qualifyingMinutes} minutes.`
    : `${REFERRAL_BONUS} ${COIN} for each referral once they verify their email.`;

/**
 * How many people signed up with this user's link, and what they earned them (decision 033):
 * those who qualified (each paid the bonus) apart from those still waiting to.
 */
export function ReferralStatsCard({ banned = false }: { banned?: boolean }) {
  const stats = useReferralStats();
  return (
    <QueryCard
      title="Referral stats"
      description={
        banned ? 'No bonus while your account is banned.' : bonusRule(stats.data?.qualifyingMinutes)
      }
      query={stats}
      loadingClassName="grid gap-3"
      skeletons={['h-14', 'h-14']}
      failure="Could not load your referral stats."
    >
      {(data) => (
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-1">
          <Figure icon={Users} label="Qualified referrals">
            <dd className="mt-1 text-2xl font-bold tabular-nums">{formatCount(data.referrals)}</dd>
            {data.pendingReferrals > 0 && (
              <dd className="mt-1 text-xs break-words text-muted-foreground">
                {waitingNote(data)}
              </dd>
            )}
          </Figure>
          <Figure icon={Coins} label="Referral earnings">
            <dd className="mt-1 font-mono text-lg font-semibold tabular-nums">
              {formatCoinAmount(data.earnings)} {COIN}
            </dd>
          </Figure>
        </dl>
      )}
    </QueryCard>
  );
}
