import { ADMIN_COMMUNITY_PAGE_SIZE, communityPostStatuses } from './community.ts';
import {
  REPORT_DETAILS_MAX,
  reportActions,
  reportItemTypes,
  reportMessages,
  reportReasons,
} from './reports.ts';
import { MULTI_LINE, textMessages } from './text.ts';
import { z } from './zod.ts';

const Details = z
  .string()
  .trim()
  .max(REPORT_DETAILS_MAX, reportMessages.detailsTooLong)
  .regex(MULTI_LINE, `Details ${textMessages.strayControlCharacters}`);

/** A member's report: 'other' needs words (1..500 characters); a rule may carry some too. */
export const CreateReportBodySchema = z
  .object({
    reason: z.enum(reportReasons, reportMessages.chooseReason),
    details: Details.optional(),
  })
  .refine((body) => body.reason !== 'other' || (body.details ?? '').length > 0, {
    path: ['details'],
    message: reportMessages.detailsRequired,
  });

export type CreateReportBody = z.input<typeof CreateReportBodySchema>;

export const ReportCreatedSchema = z.object({ id: z.string(), createdAt: z.string() });

export type ReportCreated = z.infer<typeof ReportCreatedSchema>;

export const AdminReportsQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(ADMIN_COMMUNITY_PAGE_SIZE),
});

const ReasonCountsSchema = z.object({
  rule1: z.number().int(),
  rule2: z.number().int(),
  rule3: z.number().int(),
  rule4: z.number().int(),
  rule5: z.number().int(),
  other: z.number().int(),
});

/** One reported item with its open reports summed up. */
export const ReportedItemSchema = z.object({
  itemType: z.enum(reportItemTypes),
  itemId: z.string(),
  /** The post, or the comment's post: for the link. */
  postId: z.string(),
  /** The post's title, or the comment's opening words. */
  label: z.string(),
  authorUsername: z.string().nullable(),
  /** The author's "Member #" tag (decision 055); null when the author's account is gone. */
  authorMemberTag: z.string().nullable(),
  /** Null when the author's account is gone. */
  authorEmail: z.string().nullable(),
  status: z.enum(communityPostStatuses),
  reportCount: z.number().int(),
  reasons: ReasonCountsSchema,
  /** A few of the 'Other' texts, newest first. */
  otherTexts: z.array(z.string()),
  latestAt: z.string(),
});

export type ReportedItem = z.infer<typeof ReportedItemSchema>;

export const ReportedItemsPageSchema = z.object({
  items: z.array(ReportedItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export type ReportedItemsPage = z.infer<typeof ReportedItemsPageSchema>;

const StaffReason = z
  .string()
  .trim()
  .max(REPORT_DETAILS_MAX, `Reason must be at most ${REPORT_DETAILS_MAX} characters`)
  .regex(MULTI_LINE, `Reason ${textMessages.strayControlCharacters}`);

export const ResolveReportsBodySchema = z.object({
  itemType: z.enum(reportItemTypes),
  itemId: z.uuid('Not a valid id'),
  action: z.enum(reportActions),
  reason: StaffReason.optional(),
});

export type ResolveReportsBody = z.input<typeof ResolveReportsBodySchema>;

export const ResolveReportsResultSchema = z.object({ resolved: z.number().int() });

export type ResolveReportsResult = z.infer<typeof ResolveReportsResultSchema>;

export const SetCommentStatusBodySchema = z.object({
  status: z.enum(communityPostStatuses),
  reason: StaffReason.optional(),
});

export type SetCommentStatusBody = z.input<typeof SetCommentStatusBodySchema>;

export const StaffReasonQuerySchema = z.object({ reason: StaffReason.optional() });

export const StaffCommentStatusSchema = z.object({
  id: z.string(),
  status: z.enum(communityPostStatuses),
});

export type StaffCommentStatus = z.infer<typeof StaffCommentStatusSchema>;
