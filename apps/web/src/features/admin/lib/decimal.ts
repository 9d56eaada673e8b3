export const MAX_DECIMALS = 8;

export type ParsedCoinAmount =
  | { ok: true; amount: string }
  | { ok: false; reason: 'not-a-number' | 'too-many-decimals' };

/**
 * What the admin typed, as a canonical decimal string ('.5' → '0.5', '007' → '7'). Only plain
 * non-negative decimals pass; the ledger keeps 8 decimals (D10), so a 9th is refused, not rounded.
 */
export function parseCoinAmount(input: string): ParsedCoinAmount {
  const match = /^(\d*)(?:\.(\d*))?$/.exec(input.trim());
  const [, whole = '', fraction = ''] = match ?? [];
  if (!match || (!whole && !fraction)) return { ok: false, reason: 'not-a-number' };
  if (fraction.length > MAX_DECIMALS) return { ok: false, reason: 'too-many-decimals' };
  const trimmedWhole = whole.replace(/^0+(?=\d)/, '') || '0';
  return { ok: true, amount: fraction ? `${trimmedWhole}.${fraction}` : trimmedWhole };
}

/** A decimal string in hundred-millionths, so amounts compare exactly, never as floats (D10). */
export function toUnits(decimal: string): bigint {
  const [whole = '0', fraction = ''] = decimal.split('.');
  return BigInt(whole + fraction.padEnd(MAX_DECIMALS, '0').slice(0, MAX_DECIMALS));
}
