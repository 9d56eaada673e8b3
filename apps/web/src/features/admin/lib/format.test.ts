import { describe, expect, it } from 'vitest';
import { formatCoinAmount, formatShortDate } from './format.ts';

describe('formatCoinAmount', () => {
  it('keeps every digit, groups thousands and shows 8 places', () => {
    expect(formatCoinAmount('0')).toBe('0.00000000');
    expect(formatCoinAmount('1234567.5')).toBe('1,234,567.50000000');
    expect(formatCoinAmount('123456789012.12345678')).toBe('123,456,789,012.12345678');
  });
});

describe('formatShortDate', () => {
  it('writes short month, day and year in US English', () => {
    expect(formatShortDate('2025-03-20T12:00:00.000Z')).toBe('Mar 20, 2025');
  });
});
