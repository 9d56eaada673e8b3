import { describe, expect, it } from 'vitest';
import { formatCoinAmount, formatSignedCoinAmount, isPositiveAmount } from './coin-amount.tsx';

describe('coin amounts', () => {
  it('shows exactly 8 decimals with thousands separators, by string work', () => {
    expect(formatCoinAmount('0')).toBe('0.00000000');
    expect(formatCoinAmount('1234567.5')).toBe('1,234,567.50000000');
    expect(formatCoinAmount('99999999999.99999999')).toBe('99,999,999,999.99999999');
    expect(formatCoinAmount('-5')).toBe('-5.00000000');
  });

  it('signs an amount by its own value', () => {
    expect(formatSignedCoinAmount('1.66666667')).toBe('+1.66666667');
    expect(formatSignedCoinAmount('-5.00000000')).toBe('-5.00000000');
    expect(formatSignedCoinAmount('0.00000000')).toBe('0.00000000');
    expect(isPositiveAmount('0.00000001')).toBe(true);
    expect(isPositiveAmount('0.00000000')).toBe(false);
  });
});
