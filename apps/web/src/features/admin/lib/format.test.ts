import { describe, expect, it } from 'vitest';
import { formatCoinAmount } from './format.ts';

describe('formatCoinAmount', () => {
  it('keeps every digit, groups thousands and shows 8 places', () => {
    expect(formatCoinAmount('0')).toBe('0.00000000');
    expect(formatCoinAmount('1234567.5')).toBe('1,234,567.50000000');
    expect(formatCoinAmount('123456789012.12345678')).toBe('123,456,789,012.12345678');
  });
});
