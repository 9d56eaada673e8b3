import { formatCoinAmount } from '@btcp/shared/decimal';
import type { AdminWallet } from '@btcp/shared/wallet';
import { walletMessages } from '@btcp/shared/wallet';
import { SlidersHorizontal } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { TitledDialog } from '#web/components/ui/dialog.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { requestErrorMessage } from '#web/lib/form-errors.ts';
import { toast } from '#web/lib/toast.ts';
import { useAdjustWallet } from '../api/adjust-wallet.ts';
import { type AdjustMode, adjustmentDoneMessage } from '../lib/adjustment.ts';
import { AdjustBalanceForm } from './adjust-balance-form.tsx';

const tabs: { mode: AdjustMode; label: string }[] = [
  { mode: 'set', label: 'Set Balance' },
  { mode: 'add', label: 'Add Coins' },
  { mode: 'subtract', label: 'Remove Coins' },
];

/** A 4xx means the server refused the request outright, so nothing was applied under its key. */
function wasRefused(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status >= 400 && error.status < 500;
}

function ManageWalletTabs({ wallet, onDone }: { wallet: AdminWallet; onDone: () => void }) {
  const adjust = useAdjustWallet();
  // One key per submission; sending the same thing again after a lost answer reuses it, so the
  // server applies it at most once.
  const pendingKey = useRef<{ request: string; key: string } | null>(null);

  const submit = (mode: AdjustMode, amount: string, reason: string) => {
    const body = { mode, amount, ...(reason ? { reason } : {}) };
    const request = JSON.stringify(body);
    if (pendingKey.current?.request !== request) {
      pendingKey.current = { request, key: crypto.randomUUID() };
    }
    adjust.mutate(
      { userId: wallet.userId, body, idempotencyKey: pendingKey.current.key },
      {
        onSuccess: (result) => {
          pendingKey.current = null;
          toast.success(adjustmentDoneMessage(mode, amount, wallet.email), {
            description: `New balance: ${formatCoinAmount(result.balance)} BTCP`,
          });
          onDone();
        },
        onError: (error) => {
          if (wasRefused(error)) pendingKey.current = null;
          const reason = error instanceof ApiRequestError ? error.fields.amount : undefined;
          toast.error(walletMessages.failedToAdjust, {
            description: reason ?? requestErrorMessage(error),
          });
        },
      },
    );
  };

  return (
    <Tabs defaultValue="set">
      <TabsList aria-label="How to change the balance">
        {tabs.map(({ mode, label }) => (
          <TabsTrigger key={mode} value={mode} disabled={adjust.isPending}>
            {label}
          </TabsTrigger>
        ))}
      </TabsList>
      {tabs.map(({ mode }) => (
        <TabsContent key={mode} value={mode}>
          <AdjustBalanceForm
            mode={mode}
            balance={wallet.balance}
            busy={adjust.isPending}
            onSubmit={(amount, reason) => submit(mode, amount, reason)}
          />
        </TabsContent>
      ))}
    </Tabs>
  );
}

/** A wallet balance edit: set, add or subtract, then the list refreshes and this closes. */
export function ManageWalletDialog({ wallet }: { wallet: AdminWallet }) {
  const [open, setOpen] = useState(false);
  return (
    <TitledDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="outline" size="sm" aria-label={`Manage wallet of ${wallet.email}`}>
          <SlidersHorizontal aria-hidden="true" className="size-4" />
          Manage
        </Button>
      }
      title="Manage Wallet Balance"
      description={wallet.email}
    >
      <div className="rounded-md border border-border bg-muted/50 px-4 py-3">
        <p className="text-sm text-muted-foreground">Current balance</p>
        <p className="font-mono text-lg font-semibold tabular-nums">
          {formatCoinAmount(wallet.balance)} BTCP
        </p>
      </div>
      <ManageWalletTabs wallet={wallet} onDone={() => setOpen(false)} />
    </TitledDialog>
  );
}
