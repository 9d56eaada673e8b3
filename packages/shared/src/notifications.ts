/** What a member is told in the app: a reply to their post or comment, or a moderator's action. */
export const notificationKindValues = ['reply', 'moderation'] as const;
export type NotificationKindValue = (typeof notificationKindValues)[number];

export const NOTIFICATIONS_PAGE_SIZE = 20;
/** The bell shows at most this many; beyond it "99+". */
export const NOTIFICATIONS_BADGE_CAP = 99;
/** A notice quotes the opening of the comment or item it is about, cut by `cutText`. */
export const NOTICE_EXCERPT_CHARS = 140;

export const notificationsApi = {
  list: '/notifications',
  unread: '/notifications/unread',
  read: (id: string) => `/notifications/${encodeURIComponent(id)}/read`,
  readAll: '/notifications/read-all',
} as const;

export const notificationMessages = {
  title: 'Notifications',
  description: 'Replies to your posts and comments, and moderators’ actions on them.',
  empty: 'No notifications yet',
  emptyDescription:
    'When someone replies to you, or a moderator acts on your content, it shows here.',
  errorLoading: 'Could not load your notifications.',
  retry: 'Try again',
  loadMore: 'Load more',
  markRead: 'Mark as read',
  markAllRead: 'Mark all as read',
  markFailed: 'Could not mark as read. Please try again.',
  unreadLabel: 'Unread',
  notFound: 'Notification not found',
  reasonPrefix: 'Reason:',
  /** The bell's accessible name. */
  bellLabel: (unread: number) => (unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'),
} as const;

// Types only (erased at build time): the schemas themselves live in notifications-schemas.ts.
export type * from './notifications-schemas.ts';
