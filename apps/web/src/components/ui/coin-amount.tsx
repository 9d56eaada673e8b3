import { COIN } from '@btcp/shared/product';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

/**
 * A decimal string from the server ('1234.5', '-5') with thousands separators and exactly 8 places
 * ('1,234.50000000'), by string work alone: converting to a float would lose digits (D10).
 */
export function formatCoinAmount(decimal: string): string {
  const negative = decimal.trim().startsWith('-');
  const [whole = '0', fraction = ''] = decimal.trim().replace(/^[+-]/, '').split('.');
  const digits = whole.replace(/^0+(?=\d)/, '') || '0';
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}.${fraction.padEnd(8, '0').slice(0, 8)}`;
}

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
