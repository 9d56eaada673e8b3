import { ErrorCode, MINING_PING_COVERS_MS, trimDecimal } from '@btcp/shared';
import { getTableColumns } from 'drizzle-orm';
import { miningPings, miningSessions } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import { miningValue } from '#server/lib/money.ts';

/** A session with its last ping (decision 014: kept in mining_pings). */
export type SessionRow = typeof miningSessions.$inferSelect & { lastPing: Date };

/** The session's columns and its last ping, for a select joined to mining_pings. */
export const sessionWithPing = {
  ...getTableColumns(miningSessions),
  lastPing: miningPings.lastPing,
};

export const noSessionError = () =>
  new AppError(404, ErrorCode.noSession, 'This mining session has ended. Start mining again.');

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
