import { describe, expect, it } from 'vitest';
import { addCoinAmounts } from './coin-sum.ts';

describe('addCoinAmounts', () => {
  it('adds to the last of 8 decimals without float error', () => {
    expect(addCoinAmounts('0.1', '0.2')).toBe('0.30000000');
    expect(addCoinAmounts('1.66666667', '1.66666667')).toBe('3.33333334');
    expect(addCoinAmounts('99999999.99999999', '0.00000001')).toBe('100000000.00000000');
  });
});
