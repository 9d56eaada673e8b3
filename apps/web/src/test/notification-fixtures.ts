import type { Notification, NotificationsPage } from '@btcp/shared/notifications';

/** A notice of `kind`: a reply by u/alice to the member's post, or a moderator's action on it. */
export const noticeOf = (kind: Notification['kind']): Notification => ({
  id: `n-${kind}`,
  kind,
  createdAt: '2026-03-01T12:00:00.000Z',
  readAt: null,
  actor: kind === 'reply' ? { username: 'alice', memberTag: '3fa9c1' } : null,
  postId: 'p1',
  commentId: kind === 'reply' ? 'c1' : null,
  repliedTo: kind === 'reply' ? 'post' : null,
  details: { postTitle: 'Fan noise', excerpt: 'Quiet here', action: null, reason: null },
});

/** The only page of the member's notices, all unread. */
export const noticesPage = (items: Notification[]): NotificationsPage => ({
  items,
  nextCursor: null,
  unread: items.length,
});
