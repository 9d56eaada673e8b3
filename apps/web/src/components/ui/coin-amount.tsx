import { formatCoinAmount } from '@btcp/shared/decimal';
import { COIN } from '@btcp/shared/product';
import type { ComponentProps } from 'react';
import { cn } from '#web/lib/cn.ts';

/** True for an amount above zero ('0.00000001'), false for zero and anything negative. */
export function isPositiveAmount(decimal: string): boolean {
  return !decimal.trim().startsWith('-') && /[1-9]/.test(decimal);
}

/** The amount with its own sign: '+1.66666667', '-5.00000000', '0.00000000' (D10). */
export function formatSignedCoinAmount(decimal: string): string {
  const formatted = formatCoinAmount(decimal);
  return isPositiveAmount(decimal) ? `+${formatted}` : formatted;
}

/** An amount of coin with 8 decimals and the coin's name, in tabular figures. */
export function CoinAmount({
  value,
  className,
  ...props
}: ComponentProps<'span'> & { value: string }) {
  return (
    <span className={cn('tabular-nums', className)} {...props}>
      {formatCoinAmount(value)} {COIN}
    </span>
  );
}
