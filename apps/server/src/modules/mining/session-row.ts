import { ErrorCode } from '@btcp/shared';
import { getTableColumns } from 'drizzle-orm';
import { miningPings, miningSessions } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';

/** A session with its last ping (decision 014: kept in mining_pings). */
export type SessionRow = typeof miningSessions.$inferSelect & { lastPing: Date };

/** The session's columns and its last ping, for a select joined to mining_pings. */
export const sessionWithPing = {
  ...getTableColumns(miningSessions),
  lastPing: miningPings.lastPing,
};

/** A ping or Stop for a session that is not (or no longer) the caller's open one. */
export const noSessionError = () =>
  new AppError(404, ErrorCode.noSession, 'This mining session has ended. Start mining again.');
