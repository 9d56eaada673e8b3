import { describe, expect, it } from 'vitest';
import { formatSignedCoinAmount, isPositiveAmount } from './coin-amount.tsx';

describe('coin amounts', () => {
  it('signs an amount by its own value', () => {
    expect(formatSignedCoinAmount('1.66666667')).toBe('+1.66666667');
    expect(formatSignedCoinAmount('-5.00000000')).toBe('-5.00000000');
    expect(formatSignedCoinAmount('0.00000000')).toBe('0.00000000');
    expect(isPositiveAmount('0.00000001')).toBe(true);
    expect(isPositiveAmount('0.00000000')).toBe(false);
  });
});
