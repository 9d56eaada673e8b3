const UNITS_PER_COIN = 100_000_000n;

function toUnits(decimal: string): bigint {
  const [whole = '0', fraction = ''] = decimal.trim().split('.');
  return BigInt(whole || '0') * UNITS_PER_COIN + BigInt(fraction.padEnd(8, '0').slice(0, 8));
}

/** Two non-negative coin amounts added exactly (8 decimals, no float on the way, D10). */
export function addCoinAmounts(a: string, b: string): string {
  const units = toUnits(a) + toUnits(b);
  return `${units / UNITS_PER_COIN}.${String(units % UNITS_PER_COIN).padStart(8, '0')}`;
}
