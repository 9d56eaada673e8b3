import type { StreakSettings } from '@btcp/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Transaction } from '#server/db/client.ts';
import { miningDays, miningStreaks, pendingReferrals, profiles } from '#server/db/schema.ts';
import type { AlongsideWork } from '#server/modules/wallet/index.ts';
import { payStreakMilestones, type ReachedMilestone } from './streak-bonus.ts';
import { advanceStreak, type StreakState, splitByDay } from './streak-rules.ts';

/** Mining time a transaction pays: `seconds` from `from` on (a reward, a Stop's rest). */
export interface PaidTime {
  userId: string;
  from: Date;
  seconds: number;
}

export interface NewMiningDay {
  userId: string;
  day: string;
}

/** The paid time per member and UTC day, one entry each (an upsert touches a row once). */
function daysOf(paid: readonly PaidTime[]) {
  const byDay = new Map<string, { userId: string; day: string; seconds: number }>();
  for (const time of paid) {
    for (const part of splitByDay(time.from, time.seconds)) {
      const key = `${time.userId} ${part.day}`;
      const seen = byDay.get(key);
      if (seen) seen.seconds += part.seconds;
      else byDay.set(key, { userId: time.userId, ...part });
    }
  }
  return [...byDay.values()];
}

/**
 * Adds the paid seconds to each member's UTC days, set-wise, in the statement that pays them. A
 * day becomes a mining day (`mined`, never unset) when its seconds reach the qualifying time then
 * in force; a day with time paid while the member is banned or in a held referral (either side of
 * it, as Signals shows it) is `withheld`. Reports the days that became mining days and that the
 * member's streak has not counted yet, for advanceStreaks. A day holds at most 86,400 seconds:
 * processes' clocks may differ by a little, and a session closed on one may overlap the next
 * started on another by as much. With `only` (a query of user ids), only its users' time counts.
 */
export function miningDaysAdded(
  paid: readonly PaidTime[],
  qualifyingSeconds: number,
  only?: SQL,
): AlongsideWork<NewMiningDay[]> {
  return {
    ctes: sql`
      day_paid AS (
        SELECT * FROM jsonb_to_recordset(${JSON.stringify(daysOf(paid))}::jsonb)
          AS paid("userId" uuid, day date, seconds integer)
        ${only ? sql`WHERE paid."userId" IN (${only})` : sql``}
      ), day_added AS (
        INSERT INTO ${miningDays} (user_id, day, seconds, mined, withheld)
        SELECT paid."userId", paid.day, least(paid.seconds, 86400),
          paid.seconds >= ${qualifyingSeconds},
          member.is_banned OR EXISTS (
            SELECT 1 FROM ${pendingReferrals} held
            WHERE held.held_at IS NOT NULL
              AND (held.referred_user_id = paid."userId" OR held.referrer_id = paid."userId"))
        FROM day_paid paid JOIN ${profiles} member ON member.id = paid."userId"
        ON CONFLICT (user_id, day) DO UPDATE SET
          seconds = least(${miningDays.seconds} + excluded.seconds, 86400),
          mined = ${miningDays.mined}
            OR (NOT ${miningDays.frozen} AND ${miningDays.seconds} + excluded.seconds >= ${qualifyingSeconds}),
          withheld = ${miningDays.withheld} OR excluded.withheld
        RETURNING user_id, day, mined
      )`,
    report: sql`(SELECT coalesce(jsonb_agg(jsonb_build_object('userId', added.user_id,
        'day', to_char(added.day, 'YYYY-MM-DD'))), '[]'::jsonb)
      FROM day_added added LEFT JOIN ${miningStreaks} streak ON streak.user_id = added.user_id
      WHERE added.mined AND (streak.last_day IS NULL OR streak.last_day < added.day))
      AS "newMiningDays"`,
    read: (reported) => (reported.newMiningDays ?? []) as NewMiningDay[],
  };
}

/**
 * Decision 060: the new mining days move their members' streaks on, under the streak rows' locks:
 * the missed days between use freezes (marked `frozen`), every 7th day is a milestone, and the
 * milestones pay their bonus. Rows are written set-wise, one statement each.
 */
async function advanceStreaks(
  tx: Transaction,
  newDays: readonly NewMiningDay[],
  settings: StreakSettings,
): Promise<void> {
  const userIds = [...new Set(newDays.map((row) => row.userId))];
  const locked = await tx.execute(sql`
    SELECT user_id AS "userId", to_char(last_day, 'YYYY-MM-DD') AS "lastDay",
      to_char(started_on, 'YYYY-MM-DD') AS "startedOn", days, longest, freezes
    FROM ${miningStreaks} WHERE user_id = ANY(${`{${userIds.join(',')}}`}::uuid[])
    ORDER BY user_id FOR UPDATE`);
  const states = new Map(
    (locked as unknown as { rows: (StreakState & { userId: string })[] }).rows.map(
      ({ userId, ...state }) => [userId, state as StreakState],
    ),
  );
  const frozen: NewMiningDay[] = [];
  const milestones: ReachedMilestone[] = [];
  const written = new Map<string, StreakState>();
  const ordered = [...newDays].sort((a, b) => a.day.localeCompare(b.day));
  for (const { userId, day } of ordered) {
    const state = written.get(userId) ?? states.get(userId) ?? null;
    // Counted by a transaction that committed after this one's statement read the streaks.
    if (state && state.lastDay >= day) continue;
    const next = advanceStreak(state, day);
    written.set(userId, next.state);
    for (const frozenDay of next.frozenDays) frozen.push({ userId, day: frozenDay });
    if (next.milestone) milestones.push({ userId, day, streakDays: next.milestone });
  }
  if (written.size === 0) return;
  const rows = [...written].map(([userId, state]) => ({ userId, ...state }));
  await tx.execute(sql`
    INSERT INTO ${miningStreaks} (user_id, last_day, started_on, days, longest, freezes)
    SELECT "userId", "lastDay", "startedOn", days, longest, freezes
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS s("userId" uuid, "lastDay" date,
      "startedOn" date, days integer, longest integer, freezes smallint)
    ON CONFLICT (user_id) DO UPDATE SET last_day = excluded.last_day,
      started_on = excluded.started_on, days = excluded.days, longest = excluded.longest,
      freezes = excluded.freezes, updated_at = now()`);
  if (frozen.length > 0) {
    await tx.execute(sql`
      INSERT INTO ${miningDays} (user_id, day, frozen)
      SELECT "userId", day, true
      FROM jsonb_to_recordset(${JSON.stringify(frozen)}::jsonb) AS f("userId" uuid, day date)
      ON CONFLICT (user_id, day) DO UPDATE SET frozen = NOT ${miningDays.mined}`);
  }
  await payStreakMilestones(tx, milestones, settings.milestoneBonus);
}

/**
 * Decision 060: the days that just became mining days (as miningDaysAdded reports them) move
 * their members' streaks on, in the transaction that paid them. Costs nothing when there are
 * none, else three statements and one per milestone.
 */
export async function advanceNewMiningDays(
  tx: Transaction,
  newDays: readonly NewMiningDay[],
  settings: StreakSettings,
): Promise<void> {
  if (newDays.length > 0) await advanceStreaks(tx, newDays, settings);
}

/**
 * Decision 060: records paid mining time toward its members' UTC days, in the transaction that
 * pays it, with a statement of its own (the stale-session job, deletion), and moves the streaks
 * of the days that became mining days on.
 */
export async function recordMiningDays(
  tx: Transaction,
  paid: readonly PaidTime[],
  settings: StreakSettings,
): Promise<void> {
  if (daysOf(paid).length === 0) return;
  const added = miningDaysAdded(paid, settings.qualifyingMinutes * 60);
  const result = await tx.execute(sql`WITH ${added.ctes} SELECT ${added.report}`);
  const [reported] = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  await advanceNewMiningDays(tx, added.read(reported ?? {}), settings);
}
