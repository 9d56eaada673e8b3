import { fromUnits, toUnits } from '@btcp/shared';
import { describe, expect, it } from 'vitest';
import { miningValue } from '#server/lib/money.ts';

describe('money', () => {
  it('round-trips exact decimals', () => {
    for (const value of ['0.00000000', '1.66666667', '-5.00000000', '123456789.12345678']) {
      expect(fromUnits(toUnits(value))).toBe(value);
    }
    expect(fromUnits(toUnits('0.1') + toUnits('0.2'))).toBe('0.30000000');
    expect(() => toUnits('1.123456789')).toThrow();
  });

  it('pays an hour at 100/h as exactly 100 in any split', () => {
    let paid = 0n;
    for (let s = 60; s <= 3600; s += 60) paid += miningValue('100', s) - miningValue('100', s - 60);
    expect(fromUnits(paid)).toBe('100.00000000');
    expect(fromUnits(miningValue('100', 60))).toBe('1.66666667');
    expect(fromUnits(miningValue('1', 7))).toBe('0.00194444');
  });
});
