import type {
  Comment,
  CommentsPage,
  CommunityPage,
  CommunityPost,
  CommunityStats,
} from '@btcp/shared/community';

export const POST_ID = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';

export const communityPost = (overrides: Partial<CommunityPost> = {}): CommunityPost => ({
  id: POST_ID,
  title: 'Is browser mining worth it?',
  content: 'I have been mining for a week now.',
  imageUrl: null,
  imageCardUrl: null,
  imageWidth: null,
  imageHeight: null,
  topic: null,
  upvotes: 3,
  downvotes: 1,
  commentCount: 2,
  status: 'active',
  createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  author: { id: 'u2', username: 'satoshi', memberTag: 'a1b2c3', isBanned: false },
  myVote: null,
  isMine: false,
  editedAt: null,
  ...overrides,
});

export const postsPage = (items: CommunityPost[], nextCursor: string | null = null) =>
  ({ items, nextCursor }) satisfies CommunityPage;

export const communityComment = (overrides: Partial<Comment> = {}): Comment => ({
  id: 'c1',
  postId: POST_ID,
  parentId: null,
  depth: 0,
  replyCount: 0,
  content: 'Nice write-up.',
  deleted: false,
  status: 'active',
  editedAt: null,
  upvotes: 0,
  downvotes: 0,
  createdAt: new Date(Date.now() - 60_000).toISOString(),
  author: { id: 'u3', username: 'hal', memberTag: 'd4e5f6', isBanned: false },
  byPostAuthor: false,
  myVote: null,
  isMine: false,
  ...overrides,
});

export const commentsPage = (items: Comment[], nextCursor: string | null = null) =>
  ({ items, nextCursor }) satisfies CommentsPage;

export const communityStats = (overrides: Partial<CommunityStats> = {}): CommunityStats => ({
  posts: 42,
  members: 1234,
  online: 7,
  ...overrides,
});
