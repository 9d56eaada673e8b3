import { miningMessages } from '@btcp/shared/mining';
import { Clock } from 'lucide-react';
import { cn } from '#web/lib/cn.ts';
import { usePendingEarnings } from '../hooks/use-pending-earnings.ts';

/**
 * "+0.00012345 BTCP pending, credited every minute": what mining has earned since its last reward,
 * apart from the balance (which stays the ledger's figure). It ticks each second, so it is not a
 * live region: a screen reader hears it when it reaches it.
 */
export function PendingEarnings({ className }: { className?: string }) {
  const pending = usePendingEarnings();
  if (!pending) return null;
  return (
    <p
      className={cn(
        'inline-flex items-center gap-1.5 text-sm text-muted-foreground tabular-nums',
        className,
      )}
    >
      <Clock aria-hidden="true" className="size-3.5 shrink-0 text-primary" />
      {miningMessages.pending(pending.amount, pending.every)}
    </p>
  );
}
