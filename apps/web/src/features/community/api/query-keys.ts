import type { CommentSort, CommunitySort, CommunityTopic } from '@btcp/shared/community';

export interface PostListFilter {
  sort: CommunitySort;
  topic: CommunityTopic | null;
}

/** Every community cache under one root, so a change can refresh exactly what it touches. */
export const communityKeys = {
  all: ['community'] as const,
  lists: () => [...communityKeys.all, 'posts'] as const,
  list: (filter: PostListFilter) => [...communityKeys.lists(), filter] as const,
  // Under lists(): a search's posts follow votes, new posts and deletions as the lists' do.
  search: (query: string) => [...communityKeys.lists(), 'search', query] as const,
  post: (id: string) => [...communityKeys.all, 'post', id] as const,
  // Every sort of a post's threads under one key, so a change reaches all of them.
  comments: (postId: string) => [...communityKeys.all, 'comments', postId] as const,
  sortedComments: (postId: string, sort: CommentSort) =>
    [...communityKeys.comments(postId), sort] as const,
  threads: () => [...communityKeys.all, 'thread'] as const,
  thread: (commentId: string, sort: CommentSort) =>
    [...communityKeys.threads(), commentId, sort] as const,
  stats: () => [...communityKeys.all, 'stats'] as const,
};
