import { communityMessages } from '@btcp/shared/community';
import { type Notification, notificationMessages } from '@btcp/shared/notifications';

const verbs: Record<string, string> = {
  removed: 'removed',
  delete: 'deleted',
  flagged: 'flagged',
  active: 'restored',
};

const quoted = (title: string | null) => (title ? `“${title}”` : null);

/** "u/alice", or how the community names a member without a username or account. */
function actorName(notification: Notification): string {
  const username = notification.actor?.username;
  if (username) return `u/${username}`;
  return notification.actor ? communityMessages.anonymous : communityMessages.unknownAuthor;
}

/**
 * The notice as one sentence: "u/alice replied to your post “Title”", "u/bob replied to your
 * comment on “Title”", "A moderator removed your post “Title”".
 */
export function notificationSentence(notification: Notification): string {
  const title = quoted(notification.details.postTitle);
  if (notification.kind === 'reply') {
    const who = actorName(notification);
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
export function notificationReason(notification: Notification): string | null {
  const reason = notification.details.reason?.trim();
  return notification.kind === 'moderation' && reason
    ? `${notificationMessages.reasonPrefix} ${reason}`
    : null;
}

/** The badge's text: the count, "99+" past the cap. */
export function badgeText(unread: number, cap: number): string {
  return unread > cap ? `${cap}+` : String(unread);
}
