import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatLongDate,
  formatLongDateTime,
  formatShortDate,
  formatShortDateTime,
} from './format.ts';

describe('formatShortDate', () => {
  it('writes short month, day and year in US English', () => {
    expect(formatShortDate('2025-03-20T12:00:00.000Z')).toBe('Mar 20, 2025');
  });
});

describe('formatShortDateTime', () => {
  it('writes a date as short month, day, year, hour and minute in US English', () => {
    const afternoon = new Date(2026, 10, 22, 15, 4).toISOString();
    // Newer ICU puts a narrow no-break space before PM.
    expect(formatShortDateTime(afternoon).replace(/\s/g, ' ')).toBe('Nov 22, 2026, 3:04 PM');
  });
});

describe('formatLongDate', () => {
  it('writes the month in full', () => {
    expect(formatLongDate(new Date(2026, 10, 22, 15, 4))).toBe('November 22, 2026');
  });
});

describe('formatLongDateTime', () => {
  it('writes the date in full with the time', () => {
    expect(formatLongDateTime(new Date(2026, 10, 22, 15, 4))).toBe('November 22, 2026 at 3:04 PM');
    expect(formatLongDateTime(new Date(2026, 0, 2, 0, 30))).toBe('January 2, 2026 at 12:30 AM');
  });
});

describe('formatCount', () => {
  it('writes figures in full with separators', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
  });
});
