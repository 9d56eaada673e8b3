import { notificationSentence } from '@btcp/shared/notification-sentences';
import { paths } from '@btcp/shared/paths';
import { pushNotificationTexts } from '@btcp/shared/push-notifications';
import { sql } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '#server/db/client.ts';
import { communityComments, profiles, pushSubscriptions } from '#server/db/schema.ts';
import { memberTag } from '#server/lib/member-tag.ts';
import { enqueuePush } from '#server/modules/push/index.ts';
import type { Notice } from './service.ts';

/**
 * Decision 063: a notice's push notification, queued in its transaction. It says what the
 * notifications page says of the notice (the same sentence) and opens what the page links to: a
 * reply's post, or the notifications page for a moderator's decision. Whether the member gets it
 * (their switch, the admin's) is decided by enqueuePush; a member with no device costs one read.
 */
export async function queueNoticePush(
  db: DatabaseOrTransaction,
  notice: Notice,
  notificationId: string,
): Promise<void> {
  const isReply = notice.kind === 'reply';
  const result = await db.execute(sql`
    SELECT EXISTS (SELECT 1 FROM ${pushSubscriptions} WHERE ${pushSubscriptions.userId} = ${notice.userId})
        AS "hasDevices",
      (SELECT ${profiles.username} FROM ${profiles} WHERE ${profiles.id} = ${notice.actorUserId ?? null})
        AS "actorUsername",
      EXISTS (SELECT 1 FROM ${communityComments} reply
        JOIN ${communityComments} parent ON parent.id = reply.parent_id
        WHERE reply.id = ${notice.commentId ?? null} AND parent.user_id = ${notice.userId})
        AS "answeredComment"`);
  // Both drivers (PGlite, node-postgres) answer `execute` with `{ rows }`.
  const [facts] = (
    result as unknown as {
      rows: { hasDevices: boolean; actorUsername: string | null; answeredComment: boolean }[];
    }
  ).rows;
  if (!facts?.hasDevices) return;
  const details = {
    postTitle: notice.details.postTitle ?? null,
    excerpt: null,
    action: notice.details.action ?? null,
    reason: notice.details.reason ?? null,
  };
  const body = notificationSentence({
    kind: notice.kind,
    actor:
      isReply && notice.actorUserId
        ? { username: facts.actorUsername, memberTag: memberTag(notice.actorUserId) }
        : null,
    repliedTo: isReply ? (facts.answeredComment ? 'comment' : 'post') : null,
    details,
  });
  await enqueuePush(db, notice.kind, [notice.userId], {
    kind: notice.kind,
    title: isReply ? pushNotificationTexts.replyTitle : pushNotificationTexts.moderationTitle,
    body,
    url:
      isReply && notice.postId
        ? paths.communityPost.getHref(notice.postId)
        : paths.notifications.getHref(),
    tag: `notification-${notificationId}`,
  });
}
