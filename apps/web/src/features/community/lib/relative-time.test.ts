import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time.ts';

const now = new Date(2026, 10, 30, 12, 0, 0);
const secondsAgo = (seconds: number) => new Date(now.getTime() - seconds * 1000);

describe('formatRelativeTime', () => {
  it.each([
    [0, 'just now'],
    [-30, 'just now'],
    [1, '1 second ago'],
    [59, '59 seconds ago'],
    [60, '1 minute ago'],
    [119, '1 minute ago'],
    [59 * 60 + 59, '59 minutes ago'],
    [60 * 60, '1 hour ago'],
    [23 * 3600 + 3599, '23 hours ago'],
    [24 * 3600, '1 day ago'],
    [6 * 86_400 + 86_399, '6 days ago'],
  ])('%i seconds before now reads %s', (seconds, expected) => {
    expect(formatRelativeTime(secondsAgo(seconds), now)).toBe(expected);
  });

  it('shows a short date from 7 days on', () => {
    expect(formatRelativeTime(secondsAgo(7 * 86_400), now)).toBe('Nov 23, 2026');
    expect(formatRelativeTime(new Date(2025, 0, 5, 8, 0), now)).toBe('Jan 5, 2025');
  });
});
