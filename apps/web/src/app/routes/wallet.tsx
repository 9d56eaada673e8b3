import { pageTitles } from '@btcp/shared/paths';
import { lazy, Suspense } from 'react';
import { PendingEarnings } from '#web/features/mining/components/pending-earnings.tsx';
import { BalanceCard } from '#web/features/wallet/components/balance-card.tsx';
import { TransactionsCard } from '#web/features/wallet/components/transactions-card.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';

// The verifier and its crypto come with the card, after the balance (decision 051).
const ProofOfBalanceCard = lazy(
  () => import('#web/features/proofs/components/proof-of-balance-card.tsx'),
);

export function Component() {
  useDocumentTitle(pageTitles.wallet);
  return (
    <div className="mx-auto grid max-w-5xl grid-cols-[minmax(0,1fr)] gap-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Wallet</h1>
        <p className="mt-1 text-muted-foreground">Your balance and every reward you have earned.</p>
      </div>
      <BalanceCard pending={<PendingEarnings className="mt-2" />} />
      <Suspense fallback={null}>
        <ProofOfBalanceCard />
      </Suspense>
      <TransactionsCard />
    </div>
  );
}
