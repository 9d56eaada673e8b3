/**
 * Dates and counts as the spec shows them, in US English. One formatter of each kind for the
 * whole app: building an Intl formatter is slow, using one is fast.
 */
const shortDate = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});
const shortDateTime = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const longDate = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
});
const shortTime = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
const count = new Intl.NumberFormat('en-US');

const asDate = (value: string | Date) => (value instanceof Date ? value : new Date(value));

/** 'Nov 22, 2026': short month, day, year (lists, cards, admin tables). */
export const formatShortDate = (value: string | Date) => shortDate.format(asDate(value));

/** 'Nov 22, 2026, 3:04 PM': short month, day, year, hour and minute. */
export const formatShortDateTime = (value: string | Date) => shortDateTime.format(asDate(value));

/** 'November 22, 2026': 'Published on {long date}'. */
export const formatLongDate = (value: string | Date) => longDate.format(asDate(value));

/**
 * 'November 22, 2026 at 3:04 PM'. Built from two parts because browsers disagree on how
 * `dateStyle` + `timeStyle` join them (' at ' or ', ').
 */
export const formatLongDateTime = (value: string | Date) =>
  `${longDate.format(asDate(value))} at ${shortTime.format(asDate(value))}`;

/** 1,234: real figures written in full (D19). */
export const formatCount = (value: number) => count.format(value);
