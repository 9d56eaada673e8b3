import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '#server/db/client.ts';
import { notifications } from '#server/db/schema.ts';
import { notification } from '../realtime/hub.ts';

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
  const [row] = await db
    .select({ unread: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  await db.execute(
    sql`SELECT ${notification(userId, { type: 'notifications', unread: row?.unread ?? 0 })}`,
  );
}

/**
 * Stores a notice and tells the member's open streams the new unread count. Called in the
 * transaction of the change it tells of, so a rolled-back reply or action notifies nobody (NOTIFY
 * is delivered on commit). Nobody is notified of their own doing.
 */
export async function notify(db: DatabaseOrTransaction, notice: Notice): Promise<void> {
  if (notice.actorUserId && notice.actorUserId === notice.userId) return;
  await db.insert(notifications).values({
    userId: notice.userId,
    kind: notice.kind,
    actorUserId: notice.actorUserId ?? null,
    postId: notice.postId ?? null,
    commentId: notice.commentId ?? null,
    details: notice.details,
  });
  await publishUnreadCount(db, notice.userId);
}
