/**
 * A notice's words, the same on the notifications page and in its push notification (decision
 * 063): built here so the two never say different things. Zod-free, as the bell is.
 */
import { memberName } from './member-names.ts';
import { notificationMessages } from './notifications.ts';
import type { Notification } from './notifications-schemas.ts';

/** What the words are made of. */
export type NoticeWords = Pick<Notification, 'kind' | 'actor' | 'repliedTo' | 'details'>;

const verbs: Record<string, string> = {
  removed: 'removed',
  delete: 'deleted',
  flagged: 'flagged',
  active: 'restored',
};

const quoted = (title: string | null) => (title ? `“${title}”` : null);

/**
 * The notice as one sentence: "u/alice replied to your post “Title”", "u/bob replied to your
 * comment on “Title”", "A moderator removed your post “Title”".
 */
export function notificationSentence(notification: NoticeWords): string {
  const title = quoted(notification.details.postTitle);
  if (notification.kind === 'reply') {
    // Named as the thread names them: "u/alice", "Member #3fa9c1", "Deleted account".
    const who = memberName(notification.actor);
    if (notification.repliedTo === 'comment') {
      return title
        ? `${who} replied to your comment on ${title}`
        : `${who} replied to your comment`;
    }
    return title ? `${who} replied to your post ${title}` : `${who} replied to your post`;
  }
  const [target = 'post', verb = ''] = (notification.details.action ?? '').split('.');
  const what = target === 'comment' ? 'comment' : 'post';
  const did = verbs[verb] ?? 'acted on';
  if (what === 'comment') {
    return title
      ? `A moderator ${did} your comment on ${title}`
      : `A moderator ${did} your comment`;
  }
  return title ? `A moderator ${did} your post ${title}` : `A moderator ${did} your post`;
}

/** "Reason: …" for a moderation notice with a reason; null otherwise. */
export function notificationReason(notification: NoticeWords): string | null {
  const reason = notification.details.reason?.trim();
  return notification.kind === 'moderation' && reason
    ? `${notificationMessages.reasonPrefix} ${reason}`
    : null;
}
