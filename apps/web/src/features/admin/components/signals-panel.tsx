import { type SignalCluster, type SignalKind, signalMessages } from '@btcp/shared/signals';
import { ChevronRight, ShieldCheck } from 'lucide-react';
import { RetryAlert } from '#web/components/ui/alert.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { formatCount } from '#web/lib/format.ts';
import { useSignals } from '../api/get-signals.ts';
import { SignalAccountsTable } from './signal-accounts-table.tsx';
import { SignalReviewButtons } from './signal-review-buttons.tsx';

const kindText: Record<SignalKind, string> = {
  network: 'Sign-up network',
  referral_tree: 'Referral tree',
  mining_address: 'Mining address',
  held_referral: 'Held referral',
};

function ClusterCard({ cluster }: { cluster: SignalCluster }) {
  const shown = cluster.accounts.length;
  return (
    // min-w-0 down to the table: grid items grow to their content, and the table scrolls in its
    // own frame only when nothing above it is wider than the page.
    <li className="min-w-0">
      <Card>
        <CardContent className="grid gap-3 pt-6">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="text-sm text-muted-foreground">{kindText[cluster.kind]}</p>
              {/* The page's h1 is "Users"; each cluster is a section under it. */}
              <h2 className="font-semibold break-all">{cluster.label}</h2>
              <p className="text-sm">
                {formatCount(cluster.accountCount)}{' '}
                {cluster.accountCount === 1 ? 'account' : 'accounts'}
                {cluster.note ? ` · ${cluster.note}` : ''}
              </p>
            </div>
            <SignalReviewButtons cluster={cluster} />
          </div>
          <details className="group min-w-0">
            <summary className="flex cursor-pointer items-center gap-1 rounded-sm text-sm font-medium focus-visible:outline-2 focus-visible:outline-ring">
              <ChevronRight
                aria-hidden="true"
                className="size-4 transition-transform group-open:rotate-90"
              />
              Show accounts
              {shown < cluster.accountCount ? ` (newest ${shown})` : ''}
            </summary>
            <div className="mt-2">
              <SignalAccountsTable accounts={cluster.accounts} />
            </div>
          </details>
        </CardContent>
      </Card>
    </li>
  );
}

/**
 * Decision 033: accounts that may be farmed, grouped as the server found them, for an admin to
 * ban together or mark as fine.
 */
export function SignalsPanel() {
  const signals = useSignals();
  if (signals.isPending) {
    return (
      <div role="status" className="grid gap-3">
        <span className="sr-only">Loading...</span>
        <Skeleton className="h-24" />
        <Skeleton className="h-24" />
      </div>
    );
  }
  if (signals.isError) {
    return <RetryAlert onRetry={() => signals.refetch()}>{signalMessages.loadFailed}</RetryAlert>;
  }
  if (signals.data.clusters.length === 0) {
    return (
      <EmptyState
        icon={ShieldCheck}
        title={signalMessages.empty}
        description={signalMessages.emptyDescription}
        className="py-16"
      />
    );
  }
  return (
    <ul aria-label="Signals" className="grid gap-3">
      {signals.data.clusters.map((cluster) => (
        <ClusterCard key={`${cluster.kind} ${cluster.key}`} cluster={cluster} />
      ))}
    </ul>
  );
}
