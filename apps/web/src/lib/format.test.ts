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
    expect(formatCount(-1000)).toBe('-1,000');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(0)).toBe('0');
  });
});

describe('written without Intl', () => {
  // A moment every 7 h 13 min over two years: every month, hour and minute turns up.
  const moments = Array.from(
    { length: 2_500 },
    (_, i) => new Date(Date.UTC(2025, 0, 1) + i * (7 * 60 + 13) * 60_000),
  );
  const intl = (options: Intl.DateTimeFormatOptions, timeZone?: string) =>
    new Intl.DateTimeFormat('en-US', { ...options, timeZone });
  const short = { month: 'short', day: 'numeric', year: 'numeric' } as const;
  const long = { month: 'long', day: 'numeric', year: 'numeric' } as const;
  const time = { hour: 'numeric', minute: '2-digit' } as const;
  const plain = (text: string) => text.replace(/\s/g, ' ');

  it.each([['UTC' as const], [undefined]])('reads as Intl does in %s', (timeZone) => {
    for (const moment of moments) {
      expect(formatShortDate(moment, timeZone)).toBe(intl(short, timeZone).format(moment));
      expect(formatLongDate(moment, timeZone)).toBe(intl(long, timeZone).format(moment));
      expect(plain(formatShortDateTime(moment, timeZone))).toBe(
        plain(intl({ ...short, ...time }, timeZone).format(moment)),
      );
      expect(plain(formatLongDateTime(moment, timeZone))).toBe(
        plain(`${intl(long, timeZone).format(moment)} at ${intl(time, timeZone).format(moment)}`),
      );
    }
    expect(formatCount(1234567)).toBe(new Intl.NumberFormat('en-US').format(1234567));
  });
});
