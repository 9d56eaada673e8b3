import {
  type MiningStreak,
  STREAK_CALENDAR_WEEKS,
  type StreakDay,
  type StreakSettings,
} from '@btcp/shared';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { miningDays, miningStreaks } from '#server/db/schema.ts';
import { addDays, dayOf, daysBetween, type StreakState, streakOn } from './streak-rules.ts';

/**
 * What a member is shown of each of their mining days (the calendar, the account export); not
 * `withheld`, whether a day's time counts toward a bonus, which is staff's judgment (Signals).
 */
export const shownDayColumns = {
  day: miningDays.day,
  seconds: miningDays.seconds,
  mined: miningDays.mined,
  frozen: miningDays.frozen,
};

/** The Monday that opens the calendar: 11 weeks before this week's (UTC). */
function calendarStart(today: string) {
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(today, -weekday - 7 * (STREAK_CALENDAR_WEEKS - 1));
}

/**
 * Decision 060: the member's streak as it stands today (UTC, the app's clock) and their calendar of
 * the last 12 weeks: two reads by key, the streak row and the days' rows.
 */
export async function miningStreak(
  db: Database,
  userId: string,
  now: Date,
  settings: StreakSettings,
): Promise<MiningStreak> {
  const today = dayOf(now);
  const start = calendarStart(today);
  const [streakRows, dayRows] = await Promise.all([
    db
      .select({
        lastDay: miningStreaks.lastDay,
        startedOn: miningStreaks.startedOn,
        days: miningStreaks.days,
        longest: miningStreaks.longest,
        freezes: miningStreaks.freezes,
      })
      .from(miningStreaks)
      .where(eq(miningStreaks.userId, userId)),
    db
      .select(shownDayColumns)
      .from(miningDays)
      .where(
        and(
          eq(miningDays.userId, userId),
          gte(miningDays.day, start),
          sql`${miningDays.day} <= ${today}::date`,
        ),
      ),
  ]);
  const state: StreakState | null = streakRows[0] ?? null;
  const standing = streakOn(state, today);
  const stored = new Map(dayRows.map((row) => [row.day, row]));
  const frozenSinceLast = new Set(standing.frozenDays);
  const days: StreakDay[] = Array.from({ length: daysBetween(start, today) + 1 }, (_, index) => {
    const date = addDays(start, index);
    const row = stored.get(date);
    const seconds = row?.seconds ?? 0;
    if (row?.mined) return { date, status: 'mined', seconds };
    if (date === today) return { date, status: 'today', seconds };
    if (row?.frozen || frozenSinceLast.has(date)) return { date, status: 'frozen', seconds };
    return { date, status: 'missed', seconds };
  });
  return {
    current: standing.current,
    longest: standing.longest,
    freezes: standing.freezes,
    qualifyingMinutes: settings.qualifyingMinutes,
    days,
  };
}
