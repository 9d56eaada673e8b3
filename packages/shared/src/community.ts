import { z } from './zod.ts';

export const COMMUNITY_PAGE_SIZE = 20;
export const COMMUNITY_EXCERPT_CHARS = 150;
export const COMMUNITY_TITLE_MAX = 300;
export const COMMUNITY_CONTENT_MAX = 40_000;
export const COMMUNITY_COMMENT_MAX = 10_000;
export const COMMUNITY_COMMENTS_PAGE_SIZE = 50;
export const ADMIN_COMMUNITY_PAGE_SIZE = 20;
/** D19: a member counts as online when seen within this many minutes. */
export const ONLINE_WINDOW_MINUTES = 5;
/** D19: the one figure the spec fixes. */
export const COMMUNITY_CREATED_LABEL = 'Created Jan 22, 2023';

export const communitySorts = ['hot', 'new', 'top'] as const;
export type CommunitySort = (typeof communitySorts)[number];
export const DEFAULT_COMMUNITY_SORT: CommunitySort = 'new';
export const communitySortLabels: Record<CommunitySort, string> = {
  hot: 'Hot',
  new: 'New',
  top: 'Top',
};

/** D16: a post may carry one topic; the filter's 'Everywhere' means any topic. */
export const communityTopics = ['bitcoin', 'mining', 'cryptocurrency'] as const;
export type CommunityTopic = (typeof communityTopics)[number];
export const communityTopicLabels: Record<CommunityTopic, string> = {
  bitcoin: 'Bitcoin',
  mining: 'Mining',
  cryptocurrency: 'Cryptocurrency',
};
export const EVERYWHERE_LABEL = 'Everywhere';

export const communityPostStatuses = ['active', 'flagged', 'removed'] as const;
export type CommunityPostStatus = (typeof communityPostStatuses)[number];

export const voteTypes = ['upvote', 'downvote'] as const;
export type VoteType = (typeof voteTypes)[number];

export const communityRules = [
  'Be respectful to others.',
  'No spam or self-promotion.',
  'Content must be related to cryptocurrency.',
  'No market manipulation.',
  'Provide sources for claims.',
] as const;

export const communityMessages = {
  title: 'Community',
  createPost: 'Create Post',
  aboutTitle: 'About Community',
  rulesTitle: 'Community Rules',
  postedBy: (name: string) => `Posted by u/${name}`,
  anonymous: 'Anonymous',
  anonymousUser: 'Anonymous User',
  unknownAuthor: 'Unknown',
  bannedUser: 'Banned User',
  readMore: 'Read more',
  comments: 'Comments',
  award: 'Award',
  share: 'Share',
  comingSoon: 'Coming soon',
  linkCopied: 'Link copied',
  tryAgain: 'Try Again',
  errorPrefix: (message: string) => `Error: ${message}`,
  emptyList: 'No posts yet.',
  emptyListHint: 'Be the first to start a conversation.',
  signInToPost: 'Sign in to create a post',
  errorLoadingPosts: 'Error loading posts',
  errorLoadingPostsDescription: 'Could not load community posts. Please try again.',
  errorLoadingPost: 'Error loading post',
  errorLoadingPostDescription: 'Could not load the post. It may not exist.',
  errorLoadingComments: 'Error loading comments',
  errorLoadingCommentsDescription: 'Could not load comments. Please try again.',
  authRequired: 'Authentication required',
  authRequiredDescription: 'You need to sign in to vote.',
  votingFailed: 'Voting failed',
  votingFailedDescription: 'There was a problem with your vote. Please try again.',
  createFailed: 'Failed to create post',
  unexpected: 'An unexpected error occurred',
  mustBeLoggedIn: 'You must be logged in to create a post.',
  missingFields: 'Missing fields',
  missingFieldsDescription: 'Please provide both a title and content for your post.',
  postCreated: 'Post created',
  postCreatedDescription: 'Your post has been published successfully.',
  commentFailed: 'Failed to add comment',
  commentFailedDescription: 'There was a problem posting your comment.',
  commentAdded: 'Comment added',
  commentAddedDescription: 'Your comment has been posted successfully.',
  commentPlaceholder: 'What are your thoughts?',
  postComment: 'Post Comment',
  posting: 'Posting...',
  signInToComment: 'Sign in to leave a comment',
  noComments: 'No comments yet.',
  backToCommunity: '\u2190 Back to Community',
  notFoundTitle: 'Post Not Found',
  notFoundText: 'The post you\u2019re looking for doesn\u2019t exist or has been removed.',
  returnToCommunity: 'Return to Community',
  postDeleted: 'Post deleted',
  commentDeleted: 'Comment deleted',
  deletePostConfirm: 'Delete this post? Its comments and votes are deleted with it.',
  deleteCommentConfirm: 'Delete this comment?',
  // Moderation (/admin/community)
  managementTitle: 'Community Management',
  postsTab: 'Posts',
  rulesTab: 'Community Rules',
  searchPlaceholder: 'Search posts...',
  refreshPosts: 'Refresh Posts',
  noPosts: 'No posts available',
  noPostsMatching: 'No posts matching your search',
  viewPost: 'View Post',
  markActive: 'Mark Active',
  flagPost: 'Flag Post',
  removePost: 'Remove Post',
  deletePost: 'Delete Post',
  deleteDialogTitle: 'Are you absolutely sure?',
  deleteDialogText:
    'This action cannot be undone. This will permanently delete the post and all associated comments and votes.',
  adminErrorLoadingPosts: 'Error loading posts',
  adminErrorLoadingPostsDescription: 'Could not load community posts.',
  updateFailed: 'Update failed',
  updateFailedDescription: 'Could not update post status.',
  deleteFailed: 'Delete failed',
  deleteFailedDescription: 'Could not delete post. Please try again.',
  statusUpdated: 'Post updated',
  statusUpdatedDescription: (status: CommunityPostStatus) => `Post has been marked as ${status}.`,
  adminDeleted: 'Post deleted',
  adminDeletedDescription: 'The post has been permanently deleted.',
  // Server-side errors
  postNotFound: 'Post not found',
  commentNotFound: 'Comment not found',
  notYourPost: 'You can only delete your own posts.',
  notYourComment: 'You can only delete your own comments.',
  tooManyRequests: 'You are doing that too often. Please wait a moment and try again.',
} as const;

const Id = z.string().uuid('Not a valid id');

export const AuthorSchema = z.object({
  id: z.string(),
  /** null when the author has not chosen a username ('Anonymous' on cards). */
  username: z.string().nullable(),
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
  topic: z.enum(communityTopics).nullable(),
  upvotes: z.number().int(),
  downvotes: z.number().int(),
  commentCount: z.number().int(),
  status: z.enum(communityPostStatuses),
  createdAt: z.string(),
  /** null when the author's account is gone ('Unknown'). */
  author: AuthorSchema.nullable(),
  /** The caller's own vote, null when none or signed out. */
  myVote: z.enum(voteTypes).nullable(),
  /** True when the caller wrote it (D17: authors may delete their own posts). */
  isMine: z.boolean(),
});
export type CommunityPost = z.infer<typeof CommunityPostSchema>;

export const CommunityListQuerySchema = z.object({
  sort: z.enum(communitySorts).default(DEFAULT_COMMUNITY_SORT),
  topic: z.enum(communityTopics).optional(),
  /** Opaque, from the previous page's nextCursor. */
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(COMMUNITY_PAGE_SIZE),
});
export type CommunityListQuery = z.input<typeof CommunityListQuerySchema>;

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
    .max(COMMUNITY_TITLE_MAX, `Title must be at most ${COMMUNITY_TITLE_MAX} characters`),
  content: z
    .string()
    .trim()
    .min(1, communityMessages.missingFieldsDescription)
    .max(COMMUNITY_CONTENT_MAX, `Content must be at most ${COMMUNITY_CONTENT_MAX} characters`),
  topic: z.enum(communityTopics).nullable().default(null),
  /** A media id from the community image upload, or null. */
  imageId: Id.nullable().default(null),
});
export type CreateCommunityPostBody = z.input<typeof CreateCommunityPostBodySchema>;

export const VoteBodySchema = z.object({ type: z.enum(voteTypes) });
export type VoteBody = z.infer<typeof VoteBodySchema>;

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
  content: z.string(),
  upvotes: z.number().int(),
  downvotes: z.number().int(),
  createdAt: z.string(),
  author: AuthorSchema.nullable(),
  myVote: z.enum(voteTypes).nullable(),
  isMine: z.boolean(),
});
export type Comment = z.infer<typeof CommentSchema>;

export const CommentsQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(COMMUNITY_COMMENTS_PAGE_SIZE),
});

/** Newest first. */
export const CommentsPageSchema = z.object({
  items: z.array(CommentSchema),
  nextCursor: z.string().nullable(),
});
export type CommentsPage = z.infer<typeof CommentsPageSchema>;

export const CreateCommentBodySchema = z.object({
  content: z
    .string()
    .trim()
    .min(1, 'Write a comment first.')
    .max(COMMUNITY_COMMENT_MAX, `Comment must be at most ${COMMUNITY_COMMENT_MAX} characters`),
});
export type CreateCommentBody = z.infer<typeof CreateCommentBodySchema>;

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

export const SetPostStatusBodySchema = z.object({ status: z.enum(communityPostStatuses) });
export type SetPostStatusBody = z.infer<typeof SetPostStatusBodySchema>;

export const communityApi = {
  posts: '/community/posts',
  post: (id: string) => `/community/posts/${encodeURIComponent(id)}`,
  postVote: (id: string) => `/community/posts/${encodeURIComponent(id)}/vote`,
  comments: (postId: string) => `/community/posts/${encodeURIComponent(postId)}/comments`,
  comment: (id: string) => `/community/comments/${encodeURIComponent(id)}`,
  commentVote: (id: string) => `/community/comments/${encodeURIComponent(id)}/vote`,
  stats: '/community/stats',
  adminPosts: '/admin/community/posts',
  adminPost: (id: string) => `/admin/community/posts/${encodeURIComponent(id)}`,
} as const;
