import {
  type AdminModerationLogQuery,
  type ModerationLogActor,
  type ModerationLogEntry,
  type ModerationLogPage,
  type PublicModerationLogPage,
  type PublicModerationLogQuery,
  staffRoleActions,
} from '@btcp/shared';
import { and, count, eq, isNotNull, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { newestFirst } from '#server/db/order.ts';
import { type NumberedPageQuery, numberedPage } from '#server/db/pages.ts';
import { moderationLog, profiles, users } from '#server/db/schema.ts';
import { memberTagOf } from '#server/lib/member-tag.ts';

/** The admin's or the moderator's id, whichever acted. */
const actorId = sql<
  string | null
>`coalesce(${moderationLog.actorAdminId}, ${moderationLog.actorUserId})::text`;

/**
 * The post an entry links to while it exists: the post itself, or a comment's post. The public
 * log links only to posts the public may read. The target id is cast only for post and comment
 * entries, whose ids are always uuids.
 */
function linkedPost(publicOnly: boolean) {
  const visible = publicOnly ? sql` AND p.status <> 'removed'` : sql``;
  return sql<string | null>`CASE
    WHEN ${moderationLog.targetType} = 'post' THEN (SELECT p.id::text FROM community_posts p
      WHERE p.id = ${moderationLog.targetId}::uuid${visible})
    WHEN ${moderationLog.targetType} = 'comment' THEN (SELECT p.id::text FROM community_comments c
      JOIN community_posts p ON p.id = c.post_id WHERE c.id = ${moderationLog.targetId}::uuid${visible})
  END`;
}

const isComment = sql`${moderationLog.targetType} = 'comment'`;

/**
 * The public log keeps the promise of the Remove dialog: a comment's entry names the post it was
 * under (its title today, '' once the post is gone), never the comment's words nor its author.
 */
const publicLabel = sql<string>`CASE WHEN ${isComment} THEN coalesce((SELECT p.title
    FROM community_comments c JOIN community_posts p ON p.id = c.post_id
    WHERE c.id = ${moderationLog.targetId}::uuid), '') ELSE ${moderationLog.targetLabel} END`;
const publicUsername = sql<
  string | null
>`CASE WHEN ${isComment} THEN NULL ELSE ${profiles.username} END`;
/**
 * The target member's id, for their "Member #" tag (never given to readers), while the account
 * lives: a deleted one is "Deleted account" in the log as everywhere (decision 055).
 */
const liveTargetId = sql<string | null>`(SELECT u.id::text FROM ${users} u
  WHERE u.id = ${profiles.id} AND u.deleted_at IS NULL)`;
const targetProfileId = (publicOnly: boolean) =>
  publicOnly
    ? sql<string | null>`CASE WHEN ${isComment} THEN NULL ELSE ${liveTargetId} END`
    : liveTargetId;

const publicSelection = (publicOnly: boolean) => ({
  id: moderationLog.id,
  action: moderationLog.action,
  targetType: moderationLog.targetType,
  targetId: moderationLog.targetId,
  targetLabel: publicOnly ? publicLabel : moderationLog.targetLabel,
  targetUsername: publicOnly ? publicUsername : profiles.username,
  targetProfileId: targetProfileId(publicOnly),
  postId: linkedPost(publicOnly),
  reason: moderationLog.reason,
  createdAt: moderationLog.createdAt,
});

/** One page of entries, newest first, with the total under the same filter. */
async function pageOf<T extends Record<string, unknown>>(
  db: Database,
  selection: T,
  where: SQL | undefined,
  query: NumberedPageQuery,
) {
  return numberedPage(
    query,
    (limit, offset) =>
      db
        .select(selection as Parameters<Database['select']>[0] & T)
        .from(moderationLog)
        .leftJoin(profiles, eq(profiles.id, moderationLog.targetUserId))
        .where(where)
        .orderBy(newestFirst(moderationLog.createdAt), newestFirst(moderationLog.id))
        .limit(limit)
        .offset(offset),
    db.select({ value: count() }).from(moderationLog).where(where),
  );
}

const byAction = (action: string | undefined) =>
  action ? eq(moderationLog.action, action) : undefined;

/**
 * The public log: every action on content and members and why, never who did it (only its
 * readable target), nor who was given or lost a staff role.
 */
export async function listPublicModerationLog(
  db: Database,
  query: PublicModerationLogQuery,
): Promise<PublicModerationLogPage> {
  const publicOnly = notInArray(moderationLog.action, [...staffRoleActions]);
  const where = and(byAction(query.action), publicOnly);
  const { items, ...page } = await pageOf(db, publicSelection(true), where, query);
  return {
    ...page,
    items: items.map(({ targetProfileId, ...row }) => ({
      ...row,
      targetMemberTag: memberTagOf(targetProfileId),
      id: String(row.id),
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

/** Staff who appear in the log, by name, for the moderator filter. */
async function actorsInLog(db: Database): Promise<ModerationLogActor[]> {
  const rows = await db
    .selectDistinctOn([actorId], { id: actorId, name: moderationLog.actorName })
    .from(moderationLog)
    .where(isNotNull(actorId))
    .orderBy(actorId, newestFirst(moderationLog.createdAt));
  return rows
    .flatMap((row) => (row.id ? [{ id: row.id, name: row.name }] : []))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The staff log: the public entries with who acted, filtered by action and by moderator. */
export async function listModerationLog(
  db: Database,
  query: AdminModerationLogQuery,
): Promise<ModerationLogPage> {
  const byModerator = query.moderator
    ? or(
        eq(moderationLog.actorAdminId, query.moderator),
        eq(moderationLog.actorUserId, query.moderator),
      )
    : undefined;
  const selection = { ...publicSelection(false), actorId, actorName: moderationLog.actorName };
  const [{ items, ...page }, moderators] = await Promise.all([
    pageOf(db, selection, and(byAction(query.action), byModerator), query),
    actorsInLog(db),
  ]);
  return {
    ...page,
    items: items.map(
      ({ targetProfileId, ...row }): ModerationLogEntry => ({
        ...row,
        targetMemberTag: memberTagOf(targetProfileId),
        id: String(row.id),
        createdAt: row.createdAt.toISOString(),
      }),
    ),
    moderators,
  };
}
