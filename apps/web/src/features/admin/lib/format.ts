/**
 * A decimal string from the server ('1234.5') with thousands separators and exactly 8 places
 * ('1,234.50000000'), by string work alone: converting to a float would lose digits (D10).
 */
export function formatCoinAmount(decimal: string): string {
  const [whole = '0', fraction = ''] = decimal.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${grouped}.${fraction.padEnd(8, '0').slice(0, 8)}`;
}
