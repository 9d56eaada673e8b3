import { pageTitles } from '@btcp/shared/paths';
import { Greeting } from '#web/features/auth/components/greeting.tsx';
import { MyRankCard } from '#web/features/leaderboard/components/my-rank-card.tsx';
import { MiningPanel } from '#web/features/mining/components/mining-panel.tsx';
import { StreakCard } from '#web/features/mining/components/streak-card.tsx';
import { ReferralLinkCard } from '#web/features/referrals/components/referral-link-card.tsx';
import { ReferralStatsCard } from '#web/features/referrals/components/referral-stats-card.tsx';
import { useWallet } from '#web/features/wallet/api/get-wallet.ts';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { useSession } from '#web/lib/session.ts';

export function Component() {
  useDocumentTitle(pageTitles.dashboard);
  const { data: session } = useSession();
  const wallet = useWallet();
  const banned = session?.user?.isBanned ?? false;
  return (
    <div className="mx-auto grid max-w-5xl grid-cols-[minmax(0,1fr)] gap-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Dashboard</h1>
        <Greeting />
      </div>
      <MiningPanel banned={banned} balance={wallet.data?.balance} />
      <StreakCard />
      <MyRankCard />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          <ReferralLinkCard banned={banned} />
        </div>
        <ReferralStatsCard banned={banned} />
      </div>
    </div>
  );
}
