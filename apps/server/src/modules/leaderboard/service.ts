import {
  ErrorCode,
  type LeaderboardHiddenReason,
  type LeaderboardPage,
  type LeaderboardPeriod,
  type LeaderboardStanding,
  leaderboardMessages,
  type MyLeaderboard,
} from '@btcp/shared';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '#server/db/client.ts';
import { AppError, badRequest } from '#server/errors.ts';
import { dayOf, streakOn } from '#server/modules/mining/index.ts';
import { openClusterMembers } from '#server/modules/signals/index.ts';

type Rows<T> = { rows: T[] };

const DAY_MS = 86_400_000;
/** The last day asked about and its week's Monday: every leaderboard request asks. */
let lastAsked: { day: number; monday: string } | null = null;

/** This week's Monday (UTC) by the app's clock: the week's board starts there at 00:00. */
export function weekStart(now: Date): string {
  const day = Math.floor(now.getTime() / DAY_MS);
  if (lastAsked?.day === day) return lastAsked.monday;
  // Day 0, 1970-01-01, was a Thursday: three days after a Monday.
  const weekday = (((day + 3) % 7) + 7) % 7;
  lastAsked = { day, monday: dayOf((day - weekday) * DAY_MS) };
  return lastAsked.monday;
}

/**
 * D28: who may appear (opted in, with a username, neither banned nor deleted nor in an open
 * Signals cluster) and the seconds each was paid for in the period; a member who mined nothing in
 * it has no place yet. Time mined only: the ledger (referral bonuses, adjustments) is not read.
 */
function board(period: LeaderboardPeriod, now: Date): SQL {
  const since = period === 'week' ? sql`AND d.day >= ${weekStart(now)}::date` : sql``;
  return sql`
    flagged AS (${openClusterMembers(now)}),
    listed AS (
      SELECT p.id, p.username FROM profiles p JOIN users u ON u.id = p.id
      WHERE p.show_on_leaderboard AND p.username IS NOT NULL AND NOT p.is_banned
        AND u.deleted_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM flagged f WHERE f.user_id = p.id)
    ),
    board AS (
      SELECT l.id, l.username, sum(d.seconds)::int AS seconds
      FROM listed l JOIN mining_days d ON d.user_id = l.id ${since}
      GROUP BY l.id, l.username
      HAVING sum(d.seconds) > 0
    )`;
}

/** A page's cursor: the last row's seconds and id, the board's order (its tie-break is the id). */
const CursorSchema = z.object({
  s: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1),
  id: z.uuid(),
});
type Cursor = z.infer<typeof CursorSchema>;

const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

function decodeCursor(text: string): Cursor {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    json = null;
  }
  const parsed = CursorSchema.safeParse(json);
  if (!parsed.success)
    throw badRequest('Invalid cursor', { cursor: 'Not a cursor from this list' });
  return parsed.data;
}

interface BoardRow {
  id: string;
  username: string;
  seconds: number;
  last_day: string | null;
  started_on: string | null;
  days: number | null;
  longest: number | null;
  freezes: number | null;
}

/**
 * One period's whole board, ranked: most seconds first, then by id. Built by one statement at
 * most once a minute in each process (routes.ts keeps it), so a page, a next page and a member's
 * own rank are read from memory: the board is an aggregate of every listed member's days, far too
 * dear to compute for each visitor or each dashboard.
 */
export interface RankedBoard {
  period: LeaderboardPeriod;
  builtAt: Date;
  rows: BoardRow[];
  /** Each listed member's place in `rows`. */
  places: Map<string, number>;
}

export async function rankedBoard(
  db: Database,
  period: LeaderboardPeriod,
  now: Date,
): Promise<RankedBoard> {
  const found = await db.execute(sql`
    WITH ${board(period, now)}
    SELECT b.id::text, b.username, b.seconds,
      to_char(s.last_day, 'YYYY-MM-DD') AS last_day, to_char(s.started_on, 'YYYY-MM-DD') AS started_on,
      s.days, s.longest, s.freezes
    FROM board b LEFT JOIN mining_streaks s ON s.user_id = b.id
    ORDER BY b.seconds DESC, b.id`);
  const rows = (found as unknown as Rows<BoardRow>).rows;
  return { period, builtAt: now, rows, places: new Map(rows.map((row, place) => [row.id, place])) };
}

/**
 * The first place after the cursor's row in the board's order (a uuid orders as its lower-case
 * text does). The cursor may come from an older board: the keyset still holds.
 */
function placeAfter(rows: readonly BoardRow[], after: Cursor): number {
  let low = 0;
  let high = rows.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const row = rows[middle] as BoardRow;
    const isAfter = row.seconds < after.s || (row.seconds === after.s && row.id > after.id);
    if (isAfter) high = middle;
    else low = middle + 1;
  }
  return low;
}

/** One keyset page of a ranked board, each row with its member's streak as it stands today. */
export function leaderboardPage(
  ranked: RankedBoard,
  query: { cursor?: string | undefined; limit: number },
): LeaderboardPage {
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const first = after ? placeAfter(ranked.rows, after) : 0;
  const page = ranked.rows.slice(first, first + query.limit);
  const today = dayOf(ranked.builtAt);
  const items = page.map((row, index) => ({
    rank: first + index + 1,
    username: row.username,
    seconds: row.seconds,
    streak: streakOn(
      row.last_day && row.started_on
        ? {
            lastDay: row.last_day,
            startedOn: row.started_on,
            days: row.days ?? 0,
            longest: row.longest ?? 0,
            freezes: row.freezes ?? 0,
          }
        : null,
      today,
    ).current,
  }));
  const last = page.at(-1);
  return {
    period: ranked.period,
    since: ranked.period === 'week' ? weekStart(ranked.builtAt) : null,
    items,
    nextCursor:
      first + page.length < ranked.rows.length && last
        ? encodeCursor({ s: last.seconds, id: last.id })
        : null,
    updatedAt: ranked.builtAt.toISOString(),
  };
}

interface StatusRow {
  show: boolean;
  username: string | null;
  banned: boolean;
  flagged: boolean;
  week: number;
  all: number;
}

/** D28: where the member stands this week and all-time, or why they are not shown. */
export async function myLeaderboard(
  db: Database,
  userId: string,
  now: Date,
  boardOf: (period: LeaderboardPeriod) => Promise<RankedBoard>,
): Promise<MyLeaderboard> {
  const found = await db.execute(sql`
    SELECT p.show_on_leaderboard AS show, p.username, p.is_banned AS banned,
      EXISTS (SELECT 1 FROM (${openClusterMembers(now)}) f WHERE f.user_id = p.id) AS flagged,
      (SELECT coalesce(sum(seconds), 0)::int FROM mining_days
        WHERE user_id = p.id AND day >= ${weekStart(now)}::date) AS week,
      (SELECT coalesce(sum(seconds), 0)::int FROM mining_days WHERE user_id = p.id) AS "all"
    FROM profiles p WHERE p.id = ${userId}::uuid`);
  const status = (found as unknown as Rows<StatusRow>).rows[0];
  if (!status) throw new AppError(404, ErrorCode.notFound, 'Account not found');
  const reason: LeaderboardHiddenReason | null = !status.username
    ? 'no_username'
    : !status.show
      ? 'not_opted_in'
      : status.banned || status.flagged
        ? 'not_listed'
        : null;
  const standing = async (
    period: LeaderboardPeriod,
    seconds: number,
  ): Promise<LeaderboardStanding> => {
    if (reason !== null || seconds === 0) return { rank: null, seconds };
    // From the kept board, which may be up to a minute older than the seconds read above.
    const place = (await boardOf(period)).places.get(userId);
    return { rank: place === undefined ? null : place + 1, seconds };
  };
  const [week, all] = await Promise.all([
    standing('week', status.week),
    standing('all', status.all),
  ]);
  return { shown: reason === null, reason, week, all };
}

/** D28: opting in needs a username (the board shows it); opting out is always allowed. */
export async function setShowOnLeaderboard(db: Database, userId: string, show: boolean, now: Date) {
  const updated = await db.execute(sql`
    UPDATE profiles SET show_on_leaderboard = ${show}, updated_at = ${now.toISOString()}::timestamptz
    WHERE id = ${userId}::uuid AND (${!show} OR username IS NOT NULL)
    RETURNING id`);
  if ((updated as unknown as Rows<{ id: string }>).rows.length === 0) {
    throw new AppError(409, ErrorCode.usernameRequired, leaderboardMessages.usernameRequired, {
      show: leaderboardMessages.usernameRequired,
    });
  }
}
