import { describe, expect, it } from 'vitest';
import { weekStart } from '#server/modules/leaderboard/service.ts';

describe('weekStart', () => {
  it('is the Monday of the UTC week, from Monday 00:00 to Sunday 23:59:59.999', () => {
    // 2026-11-30 is a Monday.
    for (let day = 30; day <= 36; day++) {
      const date = new Date(Date.UTC(2026, 10, day, 12));
      expect(weekStart(date), date.toISOString()).toBe('2026-11-30');
    }
    expect(weekStart(new Date('2026-11-30T00:00:00.000Z'))).toBe('2026-11-30');
    expect(weekStart(new Date('2026-11-29T23:59:59.999Z'))).toBe('2026-11-23');
    expect(weekStart(new Date('2026-12-06T23:59:59.999Z'))).toBe('2026-11-30');
    expect(weekStart(new Date('2026-12-07T00:00:00.000Z'))).toBe('2026-12-07');
    // Across a year's end and a leap day.
    expect(weekStart(new Date('2027-01-01T08:00:00Z'))).toBe('2026-12-28');
    expect(weekStart(new Date('2028-03-01T08:00:00Z'))).toBe('2028-02-28');
  });
});
