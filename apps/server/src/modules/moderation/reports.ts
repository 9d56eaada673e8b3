import {
  type CommunityPostStatus,
  cutText,
  type ReportAction,
  type ReportedItem,
  type ReportedItemsPage,
  type ReportItemType,
  type ResolveReportsResult,
  reportMessages,
  type Staff,
} from '@btcp/shared';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from '#server/db/client.ts';
import { communityComments, communityPosts, communityReports } from '#server/db/schema.ts';
import { containsPattern, type SearchPageQuery } from '#server/db/search.ts';
import { conflict, notFound } from '#server/errors.ts';
import { memberTagOf } from '#server/lib/member-tag.ts';
import { audit } from '#server/modules/audit/index.ts';
import { lockComment, lockPost, removeCommentFromTree } from '#server/modules/community/index.ts';
import { logModeration, type ModerationAction } from './log.ts';

/** How many words of a comment stand for it in the Reports tab and the moderation log. */
const EXCERPT_CHARS = 140;

// Open reports summed up per item; the item's post, its author and the text searched come with it.
const openGroups = sql`
  WITH grouped AS (
    SELECT r.post_id, r.comment_id,
      count(*)::int AS report_count,
      count(*) FILTER (WHERE r.reason = 'rule1')::int AS rule1,
      count(*) FILTER (WHERE r.reason = 'rule2')::int AS rule2,
      count(*) FILTER (WHERE r.reason = 'rule3')::int AS rule3,
      count(*) FILTER (WHERE r.reason = 'rule4')::int AS rule4,
      count(*) FILTER (WHERE r.reason = 'rule5')::int AS rule5,
      count(*) FILTER (WHERE r.reason = 'other')::int AS other,
      to_json((array_agg(r.details ORDER BY r.created_at DESC, r.id DESC)
        FILTER (WHERE r.reason = 'other'))[1:3]) AS other_texts,
      max(r.created_at) AS latest_at
    FROM community_reports r
    WHERE r.resolved_at IS NULL
    GROUP BY r.post_id, r.comment_id
  )
  SELECT
    CASE WHEN g.comment_id IS NULL THEN 'post' ELSE 'comment' END AS item_type,
    coalesce(g.comment_id, g.post_id)::text AS item_id,
    p.id::text AS post_id,
    CASE WHEN g.comment_id IS NULL THEN p.title ELSE left(c.content, ${EXCERPT_CHARS + 1}) END AS label,
    a.id::text AS author_id,
    a.username AS author_username,
    u.email AS author_email,
    CASE WHEN g.comment_id IS NULL THEN p.status ELSE c.status END AS status,
    g.report_count, g.rule1, g.rule2, g.rule3, g.rule4, g.rule5, g.other, g.other_texts,
    to_json(g.latest_at) #>> '{}' AS latest_at
  FROM grouped g
  LEFT JOIN community_comments c ON c.id = g.comment_id
  JOIN community_posts p ON p.id = coalesce(g.post_id, c.post_id)
  LEFT JOIN profiles a
    ON a.id = CASE WHEN g.comment_id IS NULL THEN p.user_id ELSE c.user_id END
  LEFT JOIN users u ON u.id = a.id
`;

interface GroupRow extends Record<string, unknown> {
  item_type: ReportItemType;
  item_id: string;
  post_id: string;
  label: string | null;
  author_id: string | null;
  author_username: string | null;
  author_email: string | null;
  status: CommunityPostStatus;
  report_count: number;
  rule1: number;
  rule2: number;
  rule3: number;
  rule4: number;
  rule5: number;
  other: number;
  other_texts: string[] | string | null;
  latest_at: string;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const toReportedItem = (row: GroupRow): ReportedItem => ({
  itemType: row.item_type,
  itemId: row.item_id,
  postId: row.post_id,
  // One character more than the excerpt comes from SQL, so cutText can end it between graphemes.
  label: row.item_type === 'comment' ? cutText(row.label ?? '', EXCERPT_CHARS) : (row.label ?? ''),
  authorUsername: row.author_username,
  authorMemberTag: memberTagOf(row.author_id),
  authorEmail: row.author_email,
  status: row.status,
  reportCount: Number(row.report_count),
  reasons: {
    rule1: Number(row.rule1),
    rule2: Number(row.rule2),
    rule3: Number(row.rule3),
    rule4: Number(row.rule4),
    rule5: Number(row.rule5),
    other: Number(row.other),
  },
  // json arrives parsed from one driver and as text from another.
  otherTexts:
    typeof row.other_texts === 'string'
      ? (JSON.parse(row.other_texts) ?? [])
      : (row.other_texts ?? []),
  latestAt: new Date(row.latest_at).toISOString(),
});

/**
 * The open reports grouped by item, the most recently reported first, paged on the server; the
 * search is case-insensitive over the post's title and text or the comment's text, and the
 * author's username.
 */
export async function listOpenReports(
  db: Database,
  query: SearchPageQuery,
): Promise<ReportedItemsPage> {
  const pattern = query.search ? containsPattern(query.search) : null;
  const where: SQL = pattern
    ? sql`WHERE (CASE WHEN g.comment_id IS NULL THEN p.title || ' ' || p.content ELSE c.content END)
        ILIKE ${pattern} OR a.username ILIKE ${pattern}`
    : sql``;
  const [rows, totals] = await Promise.all([
    db.execute(sql`${openGroups} ${where}
      ORDER BY g.latest_at DESC, coalesce(g.comment_id, g.post_id) DESC
      LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}`),
    db.execute(sql`SELECT count(*)::int AS total FROM (${openGroups} ${where}) AS items`),
  ]);
  return {
    items: rowsOf<GroupRow>(rows).map(toReportedItem),
    total: Number(rowsOf<{ total: number }>(totals)[0]?.total ?? 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** A reported post or comment, locked for the action (the post row first, as every change does). */
export interface LockedItem {
  type: ReportItemType;
  id: string;
  postId: string;
  postTitle: string;
  userId: string | null;
  /** The title, or the comment's opening words. */
  label: string;
  status: CommunityPostStatus;
}

export async function lockItem(
  tx: Transaction,
  type: ReportItemType,
  id: string,
): Promise<LockedItem> {
  if (type === 'post') {
    const post = await lockPost(tx, id);
    if (!post) throw notFound(reportMessages.itemNotFound);
    const { title, userId, status } = post;
    return { type, id, postId: id, postTitle: title, label: title, userId, status };
  }
  const [located] = await tx
    .select({ postId: communityComments.postId })
    .from(communityComments)
    .where(eq(communityComments.id, id));
  const post = located ? await lockPost(tx, located.postId) : undefined;
  const comment = await lockComment(tx, id);
  if (!located || !post || !comment || comment.deletedAt) {
    throw notFound(reportMessages.itemNotFound);
  }
  return {
    type,
    id,
    postId: located.postId,
    postTitle: post.title,
    userId: comment.userId,
    label: cutText(comment.content, EXCERPT_CHARS),
    status: comment.status,
  };
}

const resolutions = {
  dismiss: 'dismissed',
  flag: 'flagged',
  remove: 'removed',
  delete: 'deleted',
} as const;

/** Closes every open report of the item with that resolution; how many it closed. */
export async function resolveOpenReports(
  tx: Transaction,
  item: { type: ReportItemType; id: string },
  action: ReportAction,
  now: Date,
): Promise<number> {
  const column = item.type === 'post' ? communityReports.postId : communityReports.commentId;
  const closed = await tx
    .update(communityReports)
    .set({ resolution: resolutions[action], resolvedAt: now })
    .where(and(eq(column, item.id), isNull(communityReports.resolvedAt)))
    .returning({ id: communityReports.id });
  return closed.length;
}

/** Sets a post's or comment's status (flag, remove, or back to active). */
async function setItemStatus(tx: Transaction, item: LockedItem, status: CommunityPostStatus) {
  if (item.type === 'post') {
    await tx
      .update(communityPosts)
      .set({ status, updatedAt: new Date() })
      .where(eq(communityPosts.id, item.id));
  } else {
    await tx.update(communityComments).set({ status }).where(eq(communityComments.id, item.id));
  }
}

/** Deletes the post (its comments, votes and reports cascade) or takes the comment out of its tree. */
async function deleteItem(tx: Transaction, item: LockedItem, now: Date) {
  if (item.type === 'post') {
    await tx.delete(communityPosts).where(eq(communityPosts.id, item.id));
  } else if (!(await removeCommentFromTree(tx, item.id, now))) {
    throw notFound(reportMessages.itemNotFound);
  }
}

const statusOf: Partial<Record<ReportAction, CommunityPostStatus>> = {
  flag: 'flagged',
  remove: 'removed',
};

const logActions: Record<ReportAction, (type: ReportItemType) => ModerationAction> = {
  dismiss: () => 'report.dismiss',
  flag: (type) => `${type}.flagged`,
  remove: (type) => `${type}.removed`,
  delete: (type) => `${type}.delete`,
};

/**
 * One staff action on a locked item, all in the caller's transaction: its open reports closed,
 * the action applied, one moderation log entry (which tells the author, but for a dismissal) and
 * the audit. Reports are closed before a delete, whose cascade takes a post's reports away.
 * `status` and `logAction` stand in for the action's own when staff set a comment's status.
 */
export async function actOnItem(
  tx: Transaction,
  staff: Staff,
  item: LockedItem,
  change: {
    action: ReportAction;
    status?: CommunityPostStatus;
    logAction?: ModerationAction;
    reason?: string | undefined;
  },
  now: Date,
): Promise<number> {
  const { action, reason } = change;
  const logAction = change.logAction ?? logActions[action](item.type);
  const resolved = await resolveOpenReports(tx, item, action, now);
  const status = change.status ?? statusOf[action];
  if (status) await setItemStatus(tx, item, status);
  if (action === 'delete') await deleteItem(tx, item, now);
  await logModeration(tx, staff, {
    action: logAction,
    target: { type: item.type, id: item.id },
    targetUserId: item.userId,
    targetLabel: item.label,
    reason: reason ?? null,
    postId: item.postId,
    commentId: item.type === 'comment' ? item.id : null,
    postTitle: item.postTitle,
  });
  await audit(
    tx,
    staff,
    `community.${logAction}`,
    { type: `community_${item.type}`, id: item.id },
    { from: item.status, resolvedReports: resolved, reason: reason?.trim() || null },
  );
  return resolved;
}

/**
 * Resolves an item's open reports with one action. Dismissing an item without open reports is a
 * 409 (there is nothing to dismiss); flag, remove and delete still act on it, as the Posts tab
 * would, and say that no report was open.
 */
export async function resolveReports(
  db: Database,
  staff: Staff,
  body: { itemType: ReportItemType; itemId: string; action: ReportAction; reason?: string },
  now: Date,
): Promise<ResolveReportsResult> {
  return db.transaction(async (tx) => {
    const item = await lockItem(tx, body.itemType, body.itemId);
    if (body.action === 'dismiss') {
      const column = item.type === 'post' ? communityReports.postId : communityReports.commentId;
      const [open] = await tx
        .select({ id: communityReports.id })
        .from(communityReports)
        .where(and(eq(column, item.id), isNull(communityReports.resolvedAt)))
        .limit(1);
      if (!open) throw conflict(reportMessages.noOpenReports);
    }
    const resolved = await actOnItem(tx, staff, item, body, now);
    return { resolved };
  });
}

/** Staff set a comment's status; its open reports close (dismissed when it is marked active). */
export async function setCommentStatus(
  db: Database,
  staff: Staff,
  id: string,
  body: { status: CommunityPostStatus; reason?: string },
  now: Date,
): Promise<{ id: string; status: CommunityPostStatus }> {
  return db.transaction(async (tx) => {
    const item = await lockItem(tx, 'comment', id);
    const action = ({ active: 'dismiss', flagged: 'flag', removed: 'remove' } as const)[
      body.status
    ];
    const logAction = `comment.${body.status}` as const;
    await actOnItem(
      tx,
      staff,
      item,
      { action, status: body.status, logAction, reason: body.reason },
      now,
    );
    return { id, status: body.status };
  });
}

/** Staff delete any comment: "[deleted]" stays in its place while it has replies. */
export async function deleteCommentAsStaff(
  db: Database,
  staff: Staff,
  id: string,
  reason: string | undefined,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const item = await lockItem(tx, 'comment', id);
    await actOnItem(tx, staff, item, { action: 'delete', reason }, now);
  });
}
