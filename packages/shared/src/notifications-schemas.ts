/** The zod schemas of `notifications.ts`, apart so that the bell and its texts load no zod. */
import { NamedMemberSchema } from './community-schemas.ts';
import { NOTIFICATIONS_PAGE_SIZE, notificationKindValues } from './notifications.ts';
import { z } from './zod.ts';

export const NotificationSchema = z.object({
  id: z.string(),
  kind: z.enum(notificationKindValues),
  createdAt: z.string(),
  /** null while unread. */
  readAt: z.string().nullable(),
  /**
   * Who replied, named as the community names them; null for a moderation notice (moderators act
   * as "a moderator") or a deleted account.
   */
  actor: NamedMemberSchema.nullable(),
  /** The post it concerns (null once deleted), for the link. */
  postId: z.string().nullable(),
  /** The reply, or the moderated comment (null once deleted). */
  commentId: z.string().nullable(),
  /** For a reply: whether it answered the member's comment rather than their post. */
  repliedTo: z.enum(['post', 'comment']).nullable(),
  details: z.object({
    postTitle: z.string().nullable(),
    excerpt: z.string().nullable(),
    /** A moderation notice's action, e.g. 'post.removed'. */
    action: z.string().nullable(),
    reason: z.string().nullable(),
  }),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationsQuerySchema = z.object({
  /** Opaque, from the previous page's nextCursor. */
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(NOTIFICATIONS_PAGE_SIZE),
});

export const NotificationsPageSchema = z.object({
  items: z.array(NotificationSchema),
  nextCursor: z.string().nullable(),
  unread: z.number().int().min(0),
});
export type NotificationsPage = z.infer<typeof NotificationsPageSchema>;

export const UnreadCountSchema = z.object({ unread: z.number().int().min(0) });
export type UnreadCount = z.infer<typeof UnreadCountSchema>;

export const NotificationParamsSchema = z.object({ id: z.uuid('Not a valid notification id') });
