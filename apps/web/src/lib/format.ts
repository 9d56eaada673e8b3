/**
 * Dates and counts as the product shows them, in US English, in the browser's time zone or in UTC (on
 * the server and while its page hydrates: use-time-zone.ts). Written out by hand, not with `Intl`:
 * the first `Intl` formatter a page builds loads the locale's data, about 25 ms of a phone's main
 * thread in the middle of hydrating (docs/decisions/018). The output is what `Intl`'s en-US gives.
 */
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** The parts of a moment in UTC, or in the browser's own time zone. */
function partsOf(value: string | Date, timeZone?: 'UTC') {
  const date = value instanceof Date ? value : new Date(value);
  const utc = timeZone === 'UTC';
  return {
    year: utc ? date.getUTCFullYear() : date.getFullYear(),
    month: MONTHS[utc ? date.getUTCMonth() : date.getMonth()] ?? '',
    day: utc ? date.getUTCDate() : date.getDate(),
    hours: utc ? date.getUTCHours() : date.getHours(),
    minutes: utc ? date.getUTCMinutes() : date.getMinutes(),
  };
}

type Parts = ReturnType<typeof partsOf>;

const shortDate = ({ year, month, day }: Parts) => `${month.slice(0, 3)} ${day}, ${year}`;
const longDate = ({ year, month, day }: Parts) => `${month} ${day}, ${year}`;
const shortTime = ({ hours, minutes }: Parts) =>
  `${hours % 12 || 12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;

/** 'Nov 22, 2026': short month, day, year (lists, cards, admin tables). */
export const formatShortDate = (value: string | Date, timeZone?: 'UTC') =>
  shortDate(partsOf(value, timeZone));

/** 'Nov 22, 2026, 3:04 PM': short month, day, year, hour and minute. */
export const formatShortDateTime = (value: string | Date, timeZone?: 'UTC') => {
  const parts = partsOf(value, timeZone);
  return `${shortDate(parts)}, ${shortTime(parts)}`;
};

/** 'November 22, 2026': 'Published on {long date}'. */
export const formatLongDate = (value: string | Date, timeZone?: 'UTC') =>
  longDate(partsOf(value, timeZone));

/** 'November 22, 2026 at 3:04 PM'. */
export const formatLongDateTime = (value: string | Date, timeZone?: 'UTC') => {
  const parts = partsOf(value, timeZone);
  return `${longDate(parts)} at ${shortTime(parts)}`;
};

/** 1,234: real figures written in full (D19). */
export const formatCount = (value: number) =>
  Number.isInteger(value)
    ? String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
    : value.toLocaleString('en-US');
