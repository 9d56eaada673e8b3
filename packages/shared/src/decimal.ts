/**
 * Exact coin arithmetic (D10) for both sides, in integer units of 10⁻⁸ as bigints: no float ever
 * touches an amount. Strings in and out, as the API and numeric(20,8) carry them. Zod-free, so the
 * browser imports it as it is.
 */
export const COIN_DECIMALS = 8;
const SCALE = 100_000_000n;

/** '1.5' → 150000000n, '-5' → -500000000n; throws on anything but a decimal with ≤ 8 places. */
export function toUnits(decimal: string): bigint {
  const match = /^([+-])?(\d*)(?:\.(\d{0,8}))?$/.exec(decimal.trim());
  const [, sign, whole = '', fraction = ''] = match ?? [];
  if (!match || (!whole && !fraction)) {
    throw new Error(`not a decimal with at most 8 places: ${decimal}`);
  }
  const units = BigInt(whole || '0') * SCALE + BigInt(fraction.padEnd(COIN_DECIMALS, '0'));
  return sign === '-' ? -units : units;
}

/** 150000000n → '1.50000000', -1n → '-0.00000001'. */
export function fromUnits(units: bigint): string {
  const negative = units < 0n;
  const absolute = negative ? -units : units;
  const fraction = (absolute % SCALE).toString().padStart(COIN_DECIMALS, '0');
  return `${negative ? '-' : ''}${absolute / SCALE}.${fraction}`;
}

/** Two amounts added exactly: '0.1' + '0.2' = '0.30000000'. */
export const addAmounts = (a: string, b: string): string => fromUnits(toUnits(a) + toUnits(b));

/** '100.00000000' → '100', '0.50000000' → '0.5': for labels, never for amounts in the ledger. */
export function trimDecimal(decimal: string): string {
  return decimal.includes('.') ? decimal.replace(/0+$/, '').replace(/\.$/, '') : decimal;
}

/**
 * A decimal string ('1234.5', '-5') with thousands separators and exactly 8 places
 * ('1,234.50000000', '-5.00000000'), by string work alone.
 */
export function formatCoinAmount(decimal: string): string {
  const negative = decimal.trim().startsWith('-');
  const [whole = '0', fraction = ''] = decimal.trim().replace(/^[+-]/, '').split('.');
  const digits = whole.replace(/^0+(?=\d)/, '') || '0';
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}.${fraction.padEnd(COIN_DECIMALS, '0').slice(0, COIN_DECIMALS)}`;
}

export type ParsedCoinAmount =
  | { ok: true; amount: string }
  | { ok: false; reason: 'not-a-number' | 'too-many-decimals' };

/**
 * What a person typed, as a canonical decimal string ('.5' → '0.5', '007' → '7'). Only plain
 * non-negative decimals pass; the ledger keeps 8 decimals, so a 9th is refused, not rounded.
 */
export function parseCoinAmount(input: string): ParsedCoinAmount {
  const match = /^(\d*)(?:\.(\d*))?$/.exec(input.trim());
  const [, whole = '', fraction = ''] = match ?? [];
  if (!match || (!whole && !fraction)) return { ok: false, reason: 'not-a-number' };
  if (fraction.length > COIN_DECIMALS) return { ok: false, reason: 'too-many-decimals' };
  const trimmedWhole = whole.replace(/^0+(?=\d)/, '') || '0';
  return { ok: true, amount: fraction ? `${trimmedWhole}.${fraction}` : trimmedWhole };
}
