import { toUnits } from './decimal.ts';

/**
 * What mining is worth, for the server that pays it and the browser that shows it accruing.
 * Zod-free, so the browser imports it as it is.
 */

/**
 * What `seconds` of mining at `hourlyRate` is worth in units of 10^-8, rounded half up. Rewards are
 * paid as differences of this cumulative figure (decision 007), so an hour at 100/h pays exactly
 * 100.00000000 however it is split into intervals.
 */
export function miningValue(hourlyRate: string, seconds: number): bigint {
  const numerator = toUnits(hourlyRate) * BigInt(seconds) * 2n + 3600n;
  return numerator / 7200n;
}

/**
 * What a session has earned and not yet been paid, `seconds` after its paid time: the sum the
 * next reward will credit for those seconds if the session's pings cover them.
 */
export function accruedUnits(
  session: { hourlyRate: string; totalMiningSeconds: number },
  seconds: number,
): bigint {
  const { hourlyRate, totalMiningSeconds } = session;
  const unpaid = Math.max(0, Math.floor(seconds));
  return (
    miningValue(hourlyRate, totalMiningSeconds + unpaid) -
    miningValue(hourlyRate, totalMiningSeconds)
  );
}
