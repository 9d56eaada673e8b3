import { MINING_PING_COVERS_MS, trimDecimal } from '@btcp/shared';
import { miningValue } from '#server/lib/money.ts';
import type { SessionRow } from './session-row.ts';

/** D11, decision 014: the time an open session's pings vouch for, up to now. */
export function coveredUntil(session: Pick<SessionRow, 'lastPing'>, now: Date): number {
  return Math.min(now.getTime(), session.lastPing.getTime() + MINING_PING_COVERS_MS);
}

/**
 * Decision 007: what `paySeconds` more of a session are worth, as the difference of the cumulative
 * value of all paid seconds, so rounding never drifts however the time is split.
 */
export function earned(
  session: Pick<SessionRow, 'hourlyRate' | 'totalMiningSeconds'>,
  paySeconds: number,
) {
  const { hourlyRate, totalMiningSeconds } = session;
  return (
    miningValue(hourlyRate, totalMiningSeconds + paySeconds) -
    miningValue(hourlyRate, totalMiningSeconds)
  );
}

export const rewardDescription = (seconds: number, hourlyRate: string) =>
  `Mining reward: ${seconds} s at ${trimDecimal(hourlyRate)} BTCP/hour`;
