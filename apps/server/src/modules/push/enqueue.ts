import {
  DEFAULT_PUSH_PREFERENCES,
  DEFAULT_PUSH_SETTINGS,
  type PushKind,
  type PushPayload,
} from '@btcp/shared';
import { paths } from '@btcp/shared/paths';
import { pushNotificationTexts } from '@btcp/shared/push-notifications';
import { type SQL, sql } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '#server/db/client.ts';
import { idArray } from '#server/db/prepared.ts';
import {
  pushOutbox,
  pushPreferences,
  pushSubscriptions,
  systemSettings,
} from '#server/db/schema.ts';
import { PUSH_SETTING_KEY } from './settings.ts';

/** Every process listens here; a commit that queued notifications kicks their drainers. */
export const PUSH_OUTBOX_CHANNEL = 'btcp_push_outbox';

/** Whether the admin allows push (a missing or unreadable row reads as the default). */
export const pushEnabledSql = sql`coalesce((
  SELECT CASE WHEN jsonb_typeof(${systemSettings.value} -> 'enabled') = 'boolean'
    THEN (${systemSettings.value} ->> 'enabled')::boolean END
  FROM ${systemSettings} WHERE ${systemSettings.key} = ${PUSH_SETTING_KEY}
), ${DEFAULT_PUSH_SETTINGS.enabled})`;

/** The member's switch for `kind`, read from push_preferences joined as `pushPreferences`. */
export const switchedOnSql = (kind: PushKind) =>
  sql`coalesce(${pushPreferences[kind]}, ${DEFAULT_PUSH_PREFERENCES[kind]})`;

/**
 * Queues `payload` for every device of `userIds` whose owner has `kind` switched on, while the
 * admin allows push: one INSERT … SELECT in the caller's transaction, so a rolled-back action
 * sends nothing, and a NOTIFY (delivered on commit) when anything was queued, so the drainers
 * start at once. Never fails the caller for a member without devices. Due from `now`, or
 * without it at once whatever a process's clock says (a notice's transaction has no clock).
 * Returns how many rows were queued.
 */
export async function enqueuePush(
  db: DatabaseOrTransaction,
  kind: PushKind,
  userIds: readonly string[],
  payload: PushPayload,
  now?: Date,
): Promise<number> {
  return enqueuePushWith(db, kind, userIds, sql`${JSON.stringify(payload)}::jsonb`, now);
}

/**
 * enqueuePush with the payload an SQL expression (a PushPayload as jsonb) that the same statement
 * evaluates: a payload made of facts the caller would otherwise read first, in a round trip of
 * its own, and only read when there is a device to send it to.
 */
export async function enqueuePushWith(
  db: DatabaseOrTransaction,
  kind: PushKind,
  userIds: readonly string[],
  payload: SQL,
  now?: Date,
): Promise<number> {
  if (userIds.length === 0) return 0;
  const result = await db.execute(sql`
    WITH queued AS (
      INSERT INTO ${pushOutbox} (subscription_id, payload, next_attempt_at, created_at)
      SELECT ${pushSubscriptions.id}, ${payload},
        ${now ? sql`${now.toISOString()}::timestamptz` : sql`'-infinity'::timestamptz`},
        ${now ? sql`${now.toISOString()}::timestamptz` : sql`now()`}
      FROM ${pushSubscriptions}
      LEFT JOIN ${pushPreferences} ON ${pushPreferences.userId} = ${pushSubscriptions.userId}
      WHERE ${pushSubscriptions.userId} = ANY(${idArray(userIds)}::uuid[])
        AND ${switchedOnSql(kind)} AND ${pushEnabledSql}
      RETURNING 1)
    ${queuedAndKicked}`);
  return countOf(result);
}

/** The tail of an enqueueing statement whose CTE `queued` returned a row per queued notification. */
export const queuedAndKicked = sql`
  SELECT (SELECT count(*)::int FROM queued) AS queued,
    (SELECT count(*)::int FROM (
      SELECT pg_notify(${PUSH_OUTBOX_CHANNEL}, '') FROM (SELECT 1 FROM queued LIMIT 1) one) kicked
    ) AS kicked`;

export const countOf = (result: unknown) =>
  (result as { rows: { queued: number }[] }).rows[0]?.queued ?? 0;

/**
 * A mining session the server stopped (no ping for a while, or a ban): queued in the transaction
 * that closed it, for members who keep that switch on. Tagged per member, so a second stop
 * replaces the first on the device.
 */
export async function queueMiningStopped(db: DatabaseOrTransaction, userIds: readonly string[]) {
  return enqueuePush(db, 'miningStopped', userIds, {
    kind: 'miningStopped',
    title: pushNotificationTexts.miningStoppedTitle,
    body: pushNotificationTexts.miningStoppedBody,
    url: paths.dashboard.getHref(),
    tag: 'mining-stopped',
  });
}
