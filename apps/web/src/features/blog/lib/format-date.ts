const shortDate = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});
const longDate = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
});

/** 'Nov 22, 2026': cards and the admin table (spec: short month, day, year, US English). */
export const formatShortDate = (iso: string) => shortDate.format(new Date(iso));

/** 'November 22, 2026': 'Published on {long date}' on a post. */
export const formatLongDate = (iso: string) => longDate.format(new Date(iso));
