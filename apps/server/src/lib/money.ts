import { MAX_BALANCE } from '@btcp/shared';

/**
 * Exact money arithmetic (D10) in integer units of 10^-8 BTCP, so no float ever touches a balance.
 * Strings in and out, as the API and numeric(20,8) carry them.
 */
const SCALE = 100_000_000n;

export function toUnits(decimal: string): bigint {
  const match = /^(-)?(\d+)(?:\.(\d{1,8}))?$/.exec(decimal.trim());
  if (!match) throw new Error(`not a decimal with at most 8 places: ${decimal}`);
  const [, sign, whole = '0', fraction = ''] = match;
  const units = BigInt(whole) * SCALE + BigInt(fraction.padEnd(8, '0'));
  return sign ? -units : units;
}

/** MAX_BALANCE in units: the most any wallet may hold. */
export const MAX_BALANCE_UNITS = toUnits(MAX_BALANCE);

export function fromUnits(units: bigint): string {
  const negative = units < 0n;
  const absolute = negative ? -units : units;
  const whole = absolute / SCALE;
  const fraction = (absolute % SCALE).toString().padStart(8, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

/**
 * What `seconds` of mining at `hourlyRate` is worth, rounded half up to 10^-8. Rewards are paid as
 * differences of this cumulative figure, so an hour at 100/h pays exactly 100.00000000 however it
 * is split into intervals.
 */
export function miningValue(hourlyRate: string, seconds: number): bigint {
  const numerator = toUnits(hourlyRate) * BigInt(seconds) * 2n + 3600n;
  return numerator / 7200n;
}

/** '100.00000000' → '100', '0.50000000' → '0.5': for labels, never for amounts in the ledger. */
export function trimDecimal(decimal: string): string {
  return decimal.includes('.') ? decimal.replace(/0+$/, '').replace(/\.$/, '') : decimal;
}
