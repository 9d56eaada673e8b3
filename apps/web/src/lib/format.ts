/**
 * Dates and counts as the spec shows them, in US English. One formatter of each kind for the
 * whole app: building an Intl formatter is slow, using one is fast. Dates are in the browser's
 * time zone, or in the one given (UTC on the server and while its page hydrates: use-time-zone.ts).
 */
const dateFormats = {
  shortDate: { month: 'short', day: 'numeric', year: 'numeric' },
  shortDateTime: {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  },
  longDate: { month: 'long', day: 'numeric', year: 'numeric' },
  shortTime: { hour: 'numeric', minute: '2-digit' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

type DateFormat = keyof typeof dateFormats;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatDate(kind: DateFormat, value: string | Date, timeZone?: string): string {
  const key = `${kind} ${timeZone ?? ''}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { ...dateFormats[kind], timeZone });
    formatters.set(key, formatter);
  }
  return formatter.format(value instanceof Date ? value : new Date(value));
}

const count = new Intl.NumberFormat('en-US');

/** 'Nov 22, 2026': short month, day, year (lists, cards, admin tables). */
export const formatShortDate = (value: string | Date, timeZone?: string) =>
  formatDate('shortDate', value, timeZone);

/** 'Nov 22, 2026, 3:04 PM': short month, day, year, hour and minute. */
export const formatShortDateTime = (value: string | Date, timeZone?: string) =>
  formatDate('shortDateTime', value, timeZone);

/** 'November 22, 2026': 'Published on {long date}'. */
export const formatLongDate = (value: string | Date, timeZone?: string) =>
  formatDate('longDate', value, timeZone);

/**
 * 'November 22, 2026 at 3:04 PM'. Built from two parts because browsers disagree on how
 * `dateStyle` + `timeStyle` join them (' at ' or ', ').
 */
export const formatLongDateTime = (value: string | Date, timeZone?: string) =>
  `${formatDate('longDate', value, timeZone)} at ${formatDate('shortTime', value, timeZone)}`;

/** 1,234: real figures written in full (D19). */
export const formatCount = (value: number) => count.format(value);
