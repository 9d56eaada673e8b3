import { randomUUID } from 'node:crypto';
import { type NoticeWords, notificationSentence } from '@btcp/shared/notification-sentences';
import { paths } from '@btcp/shared/paths';
import { pushNotificationTexts } from '@btcp/shared/push-notifications';
import { type SQL, sql } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '#server/db/client.ts';
import { communityComments, profiles } from '#server/db/schema.ts';
import { memberTag } from '#server/lib/member-tag.ts';
import { enqueuePushWith } from '#server/modules/push/index.ts';
import type { Notice } from './service.ts';

/** The notice's words, as the notifications page builds them, for one case of what it told of. */
function sentence(
  notice: Notice,
  actor: NoticeWords['actor'],
  repliedTo: NoticeWords['repliedTo'],
): string {
  return notificationSentence({
    kind: notice.kind,
    actor,
    repliedTo,
    details: {
      postTitle: notice.details.postTitle ?? null,
      excerpt: null,
      action: notice.details.action ?? null,
      reason: notice.details.reason ?? null,
    },
  });
}

/**
 * A reply's sentence as an SQL expression over the two facts it rests on: whether it answered the
 * member's comment (its parent comment is theirs) and the replier's username. notificationSentence
 * words each case; the statement puts the username where a slot stood in for it (a random one, so
 * no title can contain it), and names a replier without one by their tag.
 */
function replySentenceSql(notice: Notice): SQL {
  const actorId = notice.actorUserId;
  const words = (repliedTo: 'comment' | 'post') => {
    if (!actorId) return sql`${sentence(notice, null, repliedTo)}::text`;
    const tag = memberTag(actorId);
    const slot = `{${randomUUID()}}`;
    const [before = '', after = ''] = sentence(
      notice,
      { username: slot, memberTag: tag },
      repliedTo,
    ).split(slot);
    const unnamed = sentence(notice, { username: null, memberTag: tag }, repliedTo);
    return sql`coalesce(${before}::text
      || (SELECT ${profiles.username} FROM ${profiles} WHERE ${profiles.id} = ${actorId}::uuid)
      || ${after}::text, ${unnamed}::text)`;
  };
  return sql`CASE WHEN EXISTS (SELECT 1 FROM ${communityComments} reply
      JOIN ${communityComments} parent ON parent.id = reply.parent_id
      WHERE reply.id = ${notice.commentId ?? null}::uuid AND parent.user_id = ${notice.userId}::uuid)
    THEN ${words('comment')} ELSE ${words('post')} END`;
}

/**
 * Decision 063: a notice's push notification, queued in its transaction. It says what the
 * notifications page says of the notice (the same sentence) and opens what the page links to: a
 * reply's post, or the notifications page for a moderator's decision. Whether the member gets it
 * (their switch, the admin's) is decided by enqueuePushWith, in one statement that also reads what
 * a reply's words need, so the transaction waits for one round trip, device or none.
 */
export async function queueNoticePush(
  db: DatabaseOrTransaction,
  notice: Notice,
  notificationId: string,
): Promise<void> {
  const isReply = notice.kind === 'reply';
  const title = isReply ? pushNotificationTexts.replyTitle : pushNotificationTexts.moderationTitle;
  const body = isReply ? replySentenceSql(notice) : sql`${sentence(notice, null, null)}::text`;
  const url =
    isReply && notice.postId
      ? paths.communityPost.getHref(notice.postId)
      : paths.notifications.getHref();
  await enqueuePushWith(
    db,
    notice.kind,
    [notice.userId],
    sql`jsonb_build_object('kind', ${notice.kind}::text, 'title', ${title}::text,
      'body', ${body}, 'url', ${url}::text, 'tag', ${`notification-${notificationId}`}::text)`,
  );
}
