import { describe, expect, it } from 'vitest';
import {
  addAmounts,
  formatCoinAmount,
  fromUnits,
  parseCoinAmount,
  toUnits,
  trimDecimal,
} from './decimal.ts';

describe('exact coin amounts (D10)', () => {
  it('counts hundred-millionths exactly, signed, both ways', () => {
    expect(toUnits('0.00000001')).toBe(1n);
    expect(toUnits('123456789012.12345678')).toBe(12345678901212345678n);
    expect(toUnits('1.5')).toBe(toUnits('1.50000000'));
    expect(toUnits('-5')).toBe(-500000000n);
    expect(fromUnits(-1n)).toBe('-0.00000001');
    expect(fromUnits(toUnits('999999999999.99999999'))).toBe('999999999999.99999999');
    expect(() => toUnits('1.123456789')).toThrow();
    expect(() => toUnits('1e3')).toThrow();
  });

  it('adds to the last of 8 decimals without float error', () => {
    expect(addAmounts('0.1', '0.2')).toBe('0.30000000');
    expect(addAmounts('1.66666667', '1.66666667')).toBe('3.33333334');
    expect(addAmounts('99999999.99999999', '0.00000001')).toBe('100000000.00000000');
  });

  it('shows exactly 8 decimals with thousands separators, negative amounts included', () => {
    expect(formatCoinAmount('0')).toBe('0.00000000');
    expect(formatCoinAmount('1234567.5')).toBe('1,234,567.50000000');
    expect(formatCoinAmount('123456789012.12345678')).toBe('123,456,789,012.12345678');
    expect(formatCoinAmount('-5')).toBe('-5.00000000');
    expect(trimDecimal('100.00000000')).toBe('100');
    expect(trimDecimal('0.50000000')).toBe('0.5');
  });
});

describe('parseCoinAmount', () => {
  it.each([
    ['12.5', '12.5'],
    [' 0.00000001 ', '0.00000001'],
    ['.5', '0.5'],
    ['5.', '5'],
    ['007', '7'],
    ['0', '0'],
  ])('reads %j as %j', (input, amount) => {
    expect(parseCoinAmount(input)).toEqual({ ok: true, amount });
  });

  it.each(['', '.', '-1', '1e3', 'abc', '1,5'])('refuses %j as not a number', (input) => {
    expect(parseCoinAmount(input)).toEqual({ ok: false, reason: 'not-a-number' });
  });

  it('refuses a 9th decimal rather than rounding it', () => {
    expect(parseCoinAmount('1.123456789')).toEqual({ ok: false, reason: 'too-many-decimals' });
  });
});
