export const COMMUNITY_PAGE_SIZE = 20;

export const COMMUNITY_EXCERPT_CHARS = 150;

export const COMMUNITY_TITLE_MAX = 300;

export const COMMUNITY_CONTENT_MAX = 40_000;

export const COMMUNITY_COMMENT_MAX = 10_000;

export const COMMUNITY_COMMENTS_PAGE_SIZE = 50;

/** Top-level comments per page of threads: each comes with its replies, so fewer than flat. */
export const COMMUNITY_THREADS_PAGE_SIZE = 20;

/**
 * Levels of a thread shown at once (depths 0 to 7); a comment on the last level with replies
 * links to its own page ("Continue this thread"), which shows as many levels below it.
 */
export const COMMENT_LEVELS_SHOWN = 8;

/** How a post's comments (and every comment's replies) are ordered. */
export const commentSorts = ['new', 'top', 'old'] as const;

export type CommentSort = (typeof commentSorts)[number];

export const DEFAULT_COMMENT_SORT: CommentSort = 'new';

export const commentSortLabels: Record<CommentSort, string> = {
  new: 'New',
  top: 'Top',
  old: 'Old',
};

/** The longest search the community takes, in characters once trimmed. */
export const COMMUNITY_SEARCH_MAX = 200;

export const ADMIN_COMMUNITY_PAGE_SIZE = 20;

/** D19: a member counts as online when seen within this many minutes. */
export const ONLINE_WINDOW_MINUTES = 5;

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
  /** `name` as memberName gives it: "u/alice", "Member #3fa9c1", "Deleted account". */
  postedBy: (name: string) => `Posted by ${name}`,
  bannedUser: 'Banned User',
  readMore: 'Read more',
  comments: 'Comments',
  award: 'Award',
  share: 'Share',
  notAvailableYet: 'Not available yet',
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
  // Search (/community?q=…)
  searchLabel: 'Search community',
  searchCommunityPlaceholder: 'Search titles and posts',
  searchButton: 'Search',
  clearSearch: 'Clear search',
  searching: 'Searching...',
  searchResultsFor: (query: string) => `Results for \u201c${query}\u201d`,
  noSearchResults: (query: string) => `No posts match \u201c${query}\u201d`,
  noSearchResultsHint: 'Try other words, fewer words, or check the spelling.',
  errorSearching: 'Error searching posts',
  errorSearchingDescription: 'Could not search the community. Please try again.',
  /** Decision 058: the server's search bulkhead was full, even after one quiet retry. */
  searchBusy: 'Search is busy, try again in a moment',
  searchBusyDescription:
    'Many people are searching right now. Your search will work in a few seconds.',
  searchEmpty: 'Type a word to search for.',
  searchTooLong: `Search text must be at most ${COMMUNITY_SEARCH_MAX} characters.`,
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
  parentNotFound: 'The comment you are replying to does not exist.',
  parentOnOtherPost: 'You can only reply to a comment on the same post.',
  parentDeleted: 'That comment was deleted or removed and takes no replies.',
  threadTooDeep: 'This thread is too deep for more replies.',
  commentGone: 'That comment was deleted and can no longer be voted on.',
  deletedComment: '[deleted]',
  tooManyRequests: 'You are doing that too often. Please wait a moment and try again.',
} as const;

export const communityApi = {
  posts: '/community/posts',
  post: (id: string) => `/community/posts/${encodeURIComponent(id)}`,
  postVote: (id: string) => `/community/posts/${encodeURIComponent(id)}/vote`,
  comments: (postId: string) => `/community/posts/${encodeURIComponent(postId)}/comments`,
  comment: (id: string) => `/community/comments/${encodeURIComponent(id)}`,
  commentVote: (id: string) => `/community/comments/${encodeURIComponent(id)}/vote`,
  commentThread: (id: string) => `/community/comments/${encodeURIComponent(id)}/thread`,
  stats: '/community/stats',
  search: '/community/search',
  adminPosts: '/admin/community/posts',
  adminPost: (id: string) => `/admin/community/posts/${encodeURIComponent(id)}`,
} as const;

// Types only (erased at build time): the schemas themselves live in community-schemas.ts.
export type * from './community-schemas.ts';
