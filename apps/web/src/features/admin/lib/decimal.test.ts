import { describe, expect, it } from 'vitest';
import { parseCoinAmount, toUnits } from './decimal.ts';

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

describe('toUnits', () => {
  it('counts hundred-millionths exactly', () => {
    expect(toUnits('0.00000001')).toBe(1n);
    expect(toUnits('123456789012.12345678')).toBe(12345678901212345678n);
    expect(toUnits('1.5')).toBe(toUnits('1.50000000'));
  });
});
