/** The zod schemas of `community.ts`, apart so that pages needing only its texts load no zod. */
import {
  ADMIN_COMMUNITY_PAGE_SIZE,
  COMMUNITY_COMMENT_MAX,
  COMMUNITY_CONTENT_MAX,
  COMMUNITY_PAGE_SIZE,
  COMMUNITY_SEARCH_MAX,
  COMMUNITY_THREADS_PAGE_SIZE,
  COMMUNITY_TITLE_MAX,
  commentSorts,
  communityMessages,
  communityPostStatuses,
  communitySorts,
  communityTopics,
  DEFAULT_COMMENT_SORT,
  DEFAULT_COMMUNITY_SORT,
  voteTypes,
} from './community.ts';
import { ModerationReasonSchema } from './moderation-log-schemas.ts';
import { MULTI_LINE, SINGLE_LINE, textMessages } from './text.ts';
import { z } from './zod.ts';

const Id = z.string().uuid('Not a valid id');

/** What a member's name is made from (member-names.ts, decision 055). */
export const NamedMemberSchema = z.object({
  /** null when the member has not chosen a username: then they are "Member #<memberTag>". */
  username: z.string().nullable(),
  /** Six hex digits of a hash of the account's id: stable, and neither the id nor an order. */
  memberTag: z.string(),
});

export const AuthorSchema = NamedMemberSchema.extend({
  id: z.string(),
  isBanned: z.boolean(),
});

export type Author = z.infer<typeof AuthorSchema>;

export const CommunityPostSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** Plain text (D14): shown as paragraphs split at line breaks, links made clickable. */
  content: z.string(),
  imageUrl: z.string().nullable(),
  imageCardUrl: z.string().nullable(),
  /** The full image's size in pixels (null without an image), so the page keeps its place. */
  imageWidth: z.number().int().nullable(),
  imageHeight: z.number().int().nullable(),
  topic: z.enum(communityTopics).nullable(),
  upvotes: z.number().int(),
  downvotes: z.number().int(),
  commentCount: z.number().int(),
  status: z.enum(communityPostStatuses),
  createdAt: z.string(),
  /** null when the author's account is deleted or gone ("Deleted account"). */
  author: AuthorSchema.nullable(),
  /** The caller's own vote, null when none or signed out. */
  myVote: z.enum(voteTypes).nullable(),
  /** True when the caller wrote it (D17: authors may delete their own posts). */
  isMine: z.boolean(),
  /** When the author last changed the text, shown as "edited"; null when never. */
  editedAt: z.string().nullable(),
});

export type CommunityPost = z.infer<typeof CommunityPostSchema>;

export const CommunityListQuerySchema = z.object({
  sort: z.enum(communitySorts).default(DEFAULT_COMMUNITY_SORT),
  topic: z.enum(communityTopics).optional(),
  /** Opaque, from the previous page's nextCursor. */
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(COMMUNITY_PAGE_SIZE),
});

/**
 * A search of the visible posts: free text as a search engine takes it (words, "a phrase", or,
 * -without), trimmed. Words the search cannot use (only "the", say) find nothing rather than fail.
 */
export const CommunitySearchQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .min(1, communityMessages.searchEmpty)
    .max(COMMUNITY_SEARCH_MAX, communityMessages.searchTooLong)
    .regex(SINGLE_LINE, `Search text ${textMessages.controlCharacters}`),
  /** Opaque, from the previous page's nextCursor. */
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(COMMUNITY_PAGE_SIZE),
});

/** A page of posts: a list's, in its sort's order, or a search's, the best match first. */
export const CommunityPageSchema = z.object({
  items: z.array(CommunityPostSchema),
  nextCursor: z.string().nullable(),
});

export type CommunityPage = z.infer<typeof CommunityPageSchema>;

export const CommunityStatsSchema = z.object({
  /** Posts visible to the public (active and flagged). */
  posts: z.number().int(),
  /** D19: registered users. */
  members: z.number().int(),
  /** D19: users seen in the last five minutes. */
  online: z.number().int(),
});

export type CommunityStats = z.infer<typeof CommunityStatsSchema>;

export const CreateCommunityPostBodySchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, communityMessages.missingFieldsDescription)
    .max(COMMUNITY_TITLE_MAX, `Title must be at most ${COMMUNITY_TITLE_MAX} characters`)
    .regex(SINGLE_LINE, `Title ${textMessages.controlCharacters}`),
  content: z
    .string()
    .trim()
    .min(1, communityMessages.missingFieldsDescription)
    .max(COMMUNITY_CONTENT_MAX, `Content must be at most ${COMMUNITY_CONTENT_MAX} characters`)
    .regex(MULTI_LINE, `Content ${textMessages.strayControlCharacters}`),
  topic: z.enum(communityTopics).nullable().default(null),
  /** A media id from the community image upload, or null. */
  imageId: Id.nullable().default(null),
});

export type CreateCommunityPostBody = z.input<typeof CreateCommunityPostBodySchema>;

export const VoteBodySchema = z.object({ type: z.enum(voteTypes) });

/** The item's counters and the caller's vote after a vote (same transaction, D1). */
export const VoteResultSchema = z.object({
  upvotes: z.number().int(),
  downvotes: z.number().int(),
  myVote: z.enum(voteTypes).nullable(),
});

export type VoteResult = z.infer<typeof VoteResultSchema>;

export const CommentSchema = z.object({
  id: z.string(),
  postId: z.string(),
  /** The comment it answers; null for a top-level comment. */
  parentId: z.string().nullable(),
  /** 0 for a top-level comment, one more per level of reply. */
  depth: z.number().int(),
  /** Direct replies stored under it, "[deleted]" ones included. */
  replyCount: z.number().int(),
  /** Empty when `deleted`: the comment was deleted but keeps its place for its replies. */
  content: z.string(),
  deleted: z.boolean(),
  status: z.enum(communityPostStatuses),
  upvotes: z.number().int(),
  downvotes: z.number().int(),
  createdAt: z.string(),
  /** null for a "[deleted]" or "[removed]" comment, and when the account is deleted or gone. */
  author: AuthorSchema.nullable(),
  /** Written by the post's own author ("OP" in the thread); false when it names nobody. */
  byPostAuthor: z.boolean(),
  myVote: z.enum(voteTypes).nullable(),
  isMine: z.boolean(),
  editedAt: z.string().nullable(),
});

export type Comment = z.infer<typeof CommentSchema>;

/**
 * A page of threads: `limit` top-level comments in the sort's order (New: newest first; Top:
 * upvotes − downvotes, then newest; Old: oldest first), each with its replies down to depth 7,
 * every comment's replies in the same order.
 */
export const CommentsQuerySchema = z.object({
  sort: z.enum(commentSorts).default(DEFAULT_COMMENT_SORT),
  /** Opaque, from the previous page's nextCursor (of the same sort). */
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(COMMUNITY_THREADS_PAGE_SIZE),
});

export type CommentsQuery = z.input<typeof CommentsQuerySchema>;

/**
 * A flat list in reading order (each comment, then its replies, depth first), every comment with
 * its parentId and depth, so a client builds the tree in one pass. A comment on depth 7 with
 * replies has more below it: its own thread page shows them.
 */
export const CommentsPageSchema = z.object({
  items: z.array(CommentSchema),
  nextCursor: z.string().nullable(),
});

export type CommentsPage = z.infer<typeof CommentsPageSchema>;

export const CommentThreadQuerySchema = z.object({
  sort: z.enum(commentSorts).default(DEFAULT_COMMENT_SORT),
});

/**
 * One comment (at whatever depth) and its replies down to 7 levels below it, in reading order as
 * a page is. Depths are the comments' own, counted from the top of the post's thread: the first
 * item's depth is where the sub-thread starts.
 */
export const CommentThreadSchema = z.object({
  postId: z.string(),
  /** The comment the thread starts from (the first item). */
  commentId: z.string(),
  items: z.array(CommentSchema),
});

export type CommentThread = z.infer<typeof CommentThreadSchema>;

export const CreateCommentBodySchema = z.object({
  content: z
    .string()
    .trim()
    .min(1, 'Write a comment first.')
    .max(COMMUNITY_COMMENT_MAX, `Comment must be at most ${COMMUNITY_COMMENT_MAX} characters`)
    .regex(MULTI_LINE, `Comment ${textMessages.strayControlCharacters}`),
  /** The comment this one replies to (on the same post); absent or null for a top-level one. */
  parentId: Id.nullish(),
});

export type CreateCommentBody = z.input<typeof CreateCommentBodySchema>;

// Moderation
export const AdminCommunityQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(ADMIN_COMMUNITY_PAGE_SIZE),
});

export const AdminCommunityPostSchema = z.object({
  id: z.string(),
  title: z.string(),
  authorUsername: z.string().nullable(),
  /** The author's "Member #" tag (decision 055); null when the author's account is gone. */
  authorMemberTag: z.string().nullable(),
  authorEmail: z.string().nullable(),
  status: z.enum(communityPostStatuses),
  upvotes: z.number().int(),
  downvotes: z.number().int(),
  commentCount: z.number().int(),
  createdAt: z.string(),
});

export type AdminCommunityPost = z.infer<typeof AdminCommunityPostSchema>;

export const AdminCommunityPageSchema = z.object({
  items: z.array(AdminCommunityPostSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export type AdminCommunityPage = z.infer<typeof AdminCommunityPageSchema>;

export const SetPostStatusBodySchema = z.object({
  status: z.enum(communityPostStatuses),
  reason: ModerationReasonSchema,
});
