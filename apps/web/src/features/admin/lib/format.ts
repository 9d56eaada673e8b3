const joinedDate = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

/** 'Jan 5, 2025': short month, day, year in US English, as the admin lists show dates. */
export function formatShortDate(iso: string): string {
  return joinedDate.format(new Date(iso));
}

export function formatCount(value: number): string {
  return value.toLocaleString('en-US');
}

/**
 * A decimal string from the server ('1234.5') with thousands separators and exactly 8 places
 * ('1,234.50000000'), by string work alone: converting to a float would lose digits (D10).
 */
export function formatCoinAmount(decimal: string): string {
  const [whole = '0', fraction = ''] = decimal.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${grouped}.${fraction.padEnd(8, '0').slice(0, 8)}`;
}
