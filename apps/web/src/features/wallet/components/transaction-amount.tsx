import { formatSignedCoinAmount, isPositiveAmount } from '#web/components/ui/coin-amount.tsx';
import { cn } from '#web/lib/cn.ts';

/**
 * D10: an amount shows its own sign, never one guessed from its type: a positive adjustment is a
 * plus too. Colour repeats the sign; the sign alone carries the meaning.
 */
export function TransactionAmount({ amount }: { amount: string }) {
  const positive = isPositiveAmount(amount);
  const negative = amount.trim().startsWith('-');
  return (
    <span
      className={cn(
        'font-mono font-medium whitespace-nowrap tabular-nums',
        positive && 'text-success',
        negative && 'text-destructive',
      )}
    >
      {formatSignedCoinAmount(amount)}
    </span>
  );
}
