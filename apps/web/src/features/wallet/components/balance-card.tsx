import { formatCoinAmount } from '@btcp/shared/decimal';
import { COIN } from '@btcp/shared/product';
import { walletMessages } from '@btcp/shared/wallet';
import { ArrowDownLeft, ArrowUpRight, WalletIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { buttonVariants } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { UnavailableButton } from '#web/components/ui/unavailable-button.tsx';
import { useErrorToast } from '#web/hooks/use-error-toast.ts';
import { useWallet } from '../api/get-wallet.ts';

/** D13: sending and receiving open in 2027, so the buttons are shown unavailable with that reason. */
const unavailable = buttonVariants({
  variant: 'secondary',
  className: 'h-auto flex-col gap-0.5 py-2 text-muted-foreground hover:bg-muted',
});

/**
 * The balance, live (the event stream updates the cache), with Send and Receive. `pending` goes
 * under it: what mining has earned and not yet credited, never added into the ledger's figure.
 */
export function BalanceCard({ pending }: { pending?: ReactNode }) {
  const wallet = useWallet();
  useErrorToast(walletMessages.errorLoadingWallet, wallet.error, wallet.errorUpdatedAt);
  const [whole, fraction] = wallet.data ? formatCoinAmount(wallet.data.balance).split('.') : [];

  return (
    <Card className="overflow-hidden">
      <div className="flex flex-col gap-6 bg-gradient-to-br from-accent/70 via-card to-card p-6 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h2 className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
            <WalletIcon aria-hidden="true" className="size-4 text-primary" />
            Balance
          </h2>
          <div aria-live="polite" aria-atomic="true" className="mt-2">
            {wallet.data ? (
              <p className="flex flex-wrap items-baseline gap-x-2 font-bold tracking-tight">
                <span className="text-3xl tabular-nums sm:text-4xl">
                  {whole}
                  <span className="text-xl text-muted-foreground sm:text-2xl">.{fraction}</span>
                </span>
                <span className="text-lg text-primary">{COIN}</span>
              </p>
            ) : wallet.isError ? (
              <p className="text-3xl font-bold text-muted-foreground">
                <span aria-hidden="true">–</span>
                <span className="sr-only">Balance not available</span>
              </p>
            ) : (
              <div role="status">
                <span className="sr-only">Loading...</span>
                <Skeleton className="h-10 w-64 max-w-full" />
              </div>
            )}
          </div>
          {pending}
        </div>
        <div className="grid grid-cols-2 gap-3 sm:flex">
          {(
            [
              ['Send', ArrowUpRight],
              ['Receive', ArrowDownLeft],
            ] as const
          ).map(([label, Icon]) => (
            <UnavailableButton
              key={label}
              reason={walletMessages.availableIn2027}
              className={unavailable}
            >
              <span className="inline-flex items-center gap-2 text-foreground">
                <Icon aria-hidden="true" className="size-4" />
                {label}
              </span>
            </UnavailableButton>
          ))}
        </div>
      </div>
    </Card>
  );
}
