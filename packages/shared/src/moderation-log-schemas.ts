/** The zod schemas of `moderation-log.ts`, apart so that pages needing only its texts load no zod. */
import {
  MODERATION_LOG_PAGE_SIZE,
  MODERATION_REASON_MAX,
  moderationActions,
  moderationLogMessages,
  publicModerationActions,
} from './moderation-log.ts';
import { MULTI_LINE, textMessages } from './text.ts';
import { z } from './zod.ts';

/** The reason a staff member may give for an action: optional, trimmed, empty meaning none. */
export const ModerationReasonSchema = z
  .string()
  .trim()
  .max(MODERATION_REASON_MAX, moderationLogMessages.reasonTooLong)
  .regex(MULTI_LINE, `Reason ${textMessages.strayControlCharacters}`)
  .optional();

/** `?reason=` of DELETE /api/admin/community/posts/:id (a DELETE carries no body). */
export const DeleteWithReasonQuerySchema = z.object({ reason: ModerationReasonSchema });

const pageQuery = {
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(MODERATION_LOG_PAGE_SIZE),
  action: z.enum(moderationActions).optional(),
};

export const PublicModerationLogQuerySchema = z.object({
  ...pageQuery,
  action: z.enum(publicModerationActions as [string, ...string[]]).optional(),
});
export type PublicModerationLogQuery = z.infer<typeof PublicModerationLogQuerySchema>;

export const AdminModerationLogQuerySchema = z.object({
  ...pageQuery,
  moderator: z.uuid('Not a valid moderator id').optional(),
});
export type AdminModerationLogQuery = z.infer<typeof AdminModerationLogQuerySchema>;

/** One entry as everyone may read it: no word of who did it. */
export const PublicModerationLogEntrySchema = z.object({
  id: z.string(),
  /** A string, not the enum: an entry written by a newer build still reads. */
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  /**
   * A post's title or a username, never an email; for a comment, the staff log has its opening
   * words and the public log the title of the post it was under.
   */
  targetLabel: z.string(),
  /** The member whose content or account it was, by username; the public log names no comment's author. */
  targetUsername: z.string().nullable(),
  /**
   * That member's "Member #" tag (decision 055); null when their account is deleted or gone, and in
   * the public log for a comment (whose author it never names).
   */
  targetMemberTag: z.string().nullable(),
  /** The post to link to, while it exists (and, in the public log, is not removed). */
  postId: z.string().nullable(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type PublicModerationLogEntry = z.infer<typeof PublicModerationLogEntrySchema>;

export const ModerationLogEntrySchema = PublicModerationLogEntrySchema.extend({
  /** The admin's or the moderator's id; null once their account is gone. */
  actorId: z.string().nullable(),
  actorName: z.string(),
});
export type ModerationLogEntry = z.infer<typeof ModerationLogEntrySchema>;

const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });

export const PublicModerationLogPageSchema = pageOf(PublicModerationLogEntrySchema);
export type PublicModerationLogPage = z.infer<typeof PublicModerationLogPageSchema>;

/** Staff who appear in the log, for the moderator filter. */
export const ModerationLogActorSchema = z.object({ id: z.string(), name: z.string() });
export type ModerationLogActor = z.infer<typeof ModerationLogActorSchema>;

export const ModerationLogPageSchema = pageOf(ModerationLogEntrySchema).extend({
  moderators: z.array(ModerationLogActorSchema),
});
export type ModerationLogPage = z.infer<typeof ModerationLogPageSchema>;
