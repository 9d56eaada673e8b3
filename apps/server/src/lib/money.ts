import { MAX_BALANCE, toUnits } from '@btcp/shared';

/**
 * The server's money rules (D10) on top of the shared exact arithmetic (packages/shared
 * decimal.ts: toUnits, fromUnits, integer units of 10^-8, no float ever).
 */

/** MAX_BALANCE in units: the most any wallet may hold. */
export const MAX_BALANCE_UNITS = toUnits(MAX_BALANCE);

/**
 * What `seconds` of mining at `hourlyRate` is worth, rounded half up to 10^-8. Rewards are paid as
 * differences of this cumulative figure, so an hour at 100/h pays exactly 100.00000000 however it
 * is split into intervals.
 */
export function miningValue(hourlyRate: string, seconds: number): bigint {
  const numerator = toUnits(hourlyRate) * BigInt(seconds) * 2n + 3600n;
  return numerator / 7200n;
}
