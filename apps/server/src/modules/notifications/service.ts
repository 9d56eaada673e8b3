import { type NotificationsPage, notificationMessages, type UnreadCount } from '@btcp/shared';
import { and, count, eq, isNull, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Database, DatabaseOrTransaction } from '#server/db/client.ts';
import { microsOf, newestFirst, timestampAt } from '#server/db/order.ts';
import { communityComments, notifications, profiles, users } from '#server/db/schema.ts';
import { badRequest, notFound } from '#server/errors.ts';
import { memberTag } from '#server/lib/member-tag.ts';
import { notification } from '#server/modules/realtime/index.ts';
import { queueNoticePush } from './push-notices.ts';

export type NotificationKind = (typeof notifications.$inferInsert)['kind'];

/** What a notice says, kept with it so it still reads after its post or comment is deleted. */
export interface NoticeDetails {
  /** The post's title, for "… replied to your post 'Title'" and moderation notices. */
  postTitle?: string;
  /** The opening words of the reply or of the moderated item. */
  excerpt?: string;
  /** A moderation notice's action (e.g. 'post.remove') and the moderator's reason. */
  action?: string;
  reason?: string | null;
}

export interface Notice {
  userId: string;
  kind: NotificationKind;
  actorUserId?: string | null;
  postId?: string | null;
  commentId?: string | null;
  details: NoticeDetails;
}

/** The member's unread count now, as the event their open streams are sent. */
export async function publishUnreadCount(db: DatabaseOrTransaction, userId: string) {
  const unread = await unreadCount(db, userId);
  await db.execute(sql`SELECT ${notification(userId, { type: 'notifications', unread })}`);
}

/**
 * Stores a notice, tells the member's open streams the new unread count and queues its push
 * notification (decision 063). Called in the transaction of the change it tells of, so a
 * rolled-back reply or action notifies nobody (NOTIFY is delivered on commit, the push outbox's
 * row rolls back). Nobody is notified of their own doing.
 */
export async function notify(db: DatabaseOrTransaction, notice: Notice): Promise<void> {
  if (notice.actorUserId && notice.actorUserId === notice.userId) return;
  const [stored] = await db
    .insert(notifications)
    .values({
      userId: notice.userId,
      kind: notice.kind,
      actorUserId: notice.actorUserId ?? null,
      postId: notice.postId ?? null,
      commentId: notice.commentId ?? null,
      details: notice.details,
    })
    .returning({ id: notifications.id });
  await publishUnreadCount(db, notice.userId);
  if (stored) await queueNoticePush(db, notice, stored.id);
}

/** Opaque keyset cursor: the last row's creation time in whole microseconds and its id. */
const CursorSchema = z.object({
  c: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  id: z.uuid(),
});

const encodeCursor = (value: z.infer<typeof CursorSchema>) =>
  Buffer.from(JSON.stringify(value)).toString('base64url');

function decodeCursor(cursor: string) {
  let json: unknown = null;
  try {
    json = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    // Not JSON: answered below as any other foreign cursor.
  }
  const parsed = CursorSchema.safeParse(json);
  if (!parsed.success)
    throw badRequest('Invalid cursor', { cursor: 'Not a cursor from this list' });
  return parsed.data;
}

/** How many of the member's notices are unread: counted on the partial index of unread ones. */
export async function unreadCount(db: DatabaseOrTransaction, userId: string): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.unread ?? 0;
}

const replies = alias(communityComments, 'reply');
const parents = alias(communityComments, 'parent');

const str = (value: unknown) => (typeof value === 'string' ? value : null);

/**
 * The member's notices, newest first, one keyset page at a time (the index on user, created_at,
 * id), with the unread count. A reply's notice says whether it answered the member's comment: its
 * parent comment is theirs.
 */
export async function listNotifications(
  db: Database,
  userId: string,
  query: { cursor?: string; limit: number },
): Promise<NotificationsPage> {
  const at = query.cursor ? decodeCursor(query.cursor) : null;
  const after = at
    ? sql`(${notifications.createdAt}, ${notifications.id}) < (${timestampAt(at.c)}, ${at.id}::uuid)`
    : undefined;
  const [rows, unread] = await Promise.all([
    db
      .select({
        id: notifications.id,
        kind: notifications.kind,
        createdAt: notifications.createdAt,
        createdMicros: microsOf(notifications.createdAt),
        readAt: notifications.readAt,
        actorId: notifications.actorUserId,
        actorUsername: profiles.username,
        actorDeleted: users.deletedAt,
        postId: notifications.postId,
        commentId: notifications.commentId,
        details: notifications.details,
        parentUserId: parents.userId,
      })
      .from(notifications)
      .leftJoin(profiles, eq(profiles.id, notifications.actorUserId))
      .leftJoin(users, eq(users.id, notifications.actorUserId))
      .leftJoin(replies, eq(replies.id, notifications.commentId))
      .leftJoin(parents, eq(parents.id, replies.parentId))
      .where(and(eq(notifications.userId, userId), after))
      .orderBy(newestFirst(notifications.createdAt), newestFirst(notifications.id))
      .limit(query.limit + 1),
    unreadCount(db, userId),
  ]);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => {
      const details = (row.details ?? {}) as Record<string, unknown>;
      const isReply = row.kind === 'reply';
      return {
        id: row.id,
        kind: row.kind,
        createdAt: row.createdAt.toISOString(),
        readAt: row.readAt?.toISOString() ?? null,
        // Moderators act as "a moderator": their name is not shown to the member. A deleted
        // account is named by nobody (decision 055).
        actor:
          isReply && row.actorId && row.actorDeleted === null
            ? { username: row.actorUsername, memberTag: memberTag(row.actorId) }
            : null,
        postId: row.postId,
        commentId: row.commentId,
        repliedTo: isReply ? (row.parentUserId === userId ? 'comment' : 'post') : null,
        details: {
          postTitle: str(details.postTitle),
          excerpt: str(details.excerpt),
          action: str(details.action),
          reason: str(details.reason),
        },
      };
    }),
    nextCursor:
      rows.length > query.limit && last
        ? encodeCursor({ c: last.createdMicros, id: last.id })
        : null,
    unread,
  };
}

/**
 * Marks one of the member's own notices read. Someone else's (or no) notice is a 404 that writes
 * nothing; one already read stays as it was. The member's other tabs hear the new count.
 */
export async function markRead(db: Database, userId: string, id: string): Promise<UnreadCount> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ readAt: notifications.readAt })
      .from(notifications)
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
    if (!row) throw notFound(notificationMessages.notFound);
    if (!row.readAt) {
      await tx
        .update(notifications)
        .set({ readAt: sql`now()` })
        .where(and(eq(notifications.id, id), isNull(notifications.readAt)));
      await publishUnreadCount(tx, userId);
    }
    return { unread: await unreadCount(tx, userId) };
  });
}

/** Marks every unread notice of the member read; tells their streams only if any changed. */
export async function markAllRead(db: Database, userId: string): Promise<UnreadCount> {
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
      .returning({ id: notifications.id });
    if (changed.length > 0) await publishUnreadCount(tx, userId);
    return { unread: 0 };
  });
}

/** Read notices are kept this long, then purged by the maintenance job; unread ones stay. */
const READ_KEPT_MS = 90 * 86_400_000;

export async function purgeOldReadNotifications(db: Database, now: Date) {
  await db
    .delete(notifications)
    .where(lt(notifications.readAt, new Date(now.getTime() - READ_KEPT_MS)));
}
