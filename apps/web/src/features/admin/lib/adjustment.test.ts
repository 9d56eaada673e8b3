import { describe, expect, it } from 'vitest';
import { adjustmentDoneMessage, checkAdjustment } from './adjustment.ts';

describe('checkAdjustment', () => {
  it('lets a balance be set to zero but not below', () => {
    expect(checkAdjustment('set', '0', '5')).toEqual({ ok: true, amount: '0' });
    expect(checkAdjustment('set', '-1', '5')).toEqual({
      ok: false,
      title: 'Invalid balance',
      description: 'Please enter a valid positive number',
    });
  });

  it('compares with the balance exactly, not as floats', () => {
    expect(checkAdjustment('subtract', '0.30000000', '0.3')).toEqual({
      ok: true,
      amount: '0.30000000',
    });
    expect(checkAdjustment('subtract', '0.30000001', '0.3')).toMatchObject({
      ok: false,
      title: 'Insufficient balance',
    });
  });

  it('wants more than zero to add or remove', () => {
    expect(checkAdjustment('add', '0.00000000', '5')).toMatchObject({ title: 'Invalid amount' });
    expect(checkAdjustment('add', '0.00000001', '5')).toEqual({ ok: true, amount: '0.00000001' });
  });
});

describe('adjustmentDoneMessage', () => {
  it('says BTCP (D20)', () => {
    expect(adjustmentDoneMessage('add', '1', 'a@x.io')).toBe('Added 1 BTCP to a@x.io');
    expect(adjustmentDoneMessage('subtract', '1', 'a@x.io')).toBe('Subtracted 1 BTCP from a@x.io');
    expect(adjustmentDoneMessage('set', '1', 'a@x.io')).toBe('Set balance of a@x.io to 1 BTCP');
  });
});
