import { formatShortDate } from '#web/lib/format.ts';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Relative times up to 7 days, then a short date. */
const RELATIVE_LIMIT = 7 * DAY;

function ago(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'} ago`;
}

/**
 * 'just now', 'N seconds ago' (under 60 s), 'N minutes ago', 'N hours ago', 'N days ago', then
 * 'Nov 22, 2026' from 7 days on. A time slightly ahead of `now` (clocks differ) is 'just now'.
 */
export function formatRelativeTime(date: Date, now: Date, timeZone?: 'UTC'): string {
  const seconds = Math.floor((now.getTime() - date.getTime()) / 1000);
  if (seconds < 1) return 'just now';
  if (seconds < MINUTE) return ago(seconds, 'second');
  if (seconds < HOUR) return ago(Math.floor(seconds / MINUTE), 'minute');
  if (seconds < DAY) return ago(Math.floor(seconds / HOUR), 'hour');
  if (seconds < RELATIVE_LIMIT) return ago(Math.floor(seconds / DAY), 'day');
  return formatShortDate(date, timeZone);
}
