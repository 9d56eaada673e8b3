import { paths } from '@btcp/shared/paths';
import { pushNotificationTexts } from '@btcp/shared/push-notifications';
import { sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import {
  miningStreaks,
  pushOutbox,
  pushPreferences,
  pushSubscriptions,
} from '#server/db/schema.ts';
import { countOf, pushEnabledSql, queuedAndKicked } from './enqueue.ts';

/** Decision 063: the reminder is due from this hour (UTC) of the first day that would break the streak. */
export const STREAK_REMINDER_HOUR_UTC = 20;

/**
 * Decision 063: queues the day's streak reminders, in one statement from the maintenance job (one
 * process a run). Due for a member who switched it on when their last mining day was yesterday
 * (UTC), so today is not yet one and the streak is alive, and it is past 20:00 UTC: 20 hours into
 * the day that would break it. streak_reminded_on makes it at most one a day, however often the
 * job runs. Returns how many notifications were queued.
 */
export async function queueStreakReminders(db: Database, now: Date): Promise<number> {
  if (now.getUTCHours() < STREAK_REMINDER_HOUR_UTC) return 0;
  const today = now.toISOString().slice(0, 10);
  const at = now.toISOString();
  const payload = sql`jsonb_build_object('kind', 'streakAtRisk',
    'title', ${pushNotificationTexts.streakAtRiskTitle}::text,
    'body', ${pushNotificationTexts.streakAtRiskBody}::text,
    'url', ${paths.dashboard.getHref()}::text, 'tag', ${`streak-${today}`}::text)`;
  const result = await db.execute(sql`
    WITH due AS (
      UPDATE ${pushPreferences} SET streak_reminded_on = ${today}::date
      FROM ${miningStreaks}
      WHERE ${miningStreaks.userId} = ${pushPreferences.userId}
        AND ${pushPreferences.streakAtRisk}
        AND ${miningStreaks.lastDay} = ${today}::date - 1
        AND ${pushPreferences.streakRemindedOn} IS DISTINCT FROM ${today}::date
        AND EXISTS (SELECT 1 FROM ${pushSubscriptions} WHERE ${pushSubscriptions.userId} = ${pushPreferences.userId})
        AND ${pushEnabledSql}
      RETURNING ${pushPreferences.userId} AS user_id),
    queued AS (
      INSERT INTO ${pushOutbox} (subscription_id, payload, next_attempt_at, created_at)
      SELECT ${pushSubscriptions.id}, ${payload}, ${at}::timestamptz, ${at}::timestamptz
      FROM due JOIN ${pushSubscriptions} ON ${pushSubscriptions.userId} = due.user_id
      RETURNING 1)
    ${queuedAndKicked}`);
  return countOf(result);
}
