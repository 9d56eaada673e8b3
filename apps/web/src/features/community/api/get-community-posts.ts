import { COMMUNITY_PAGE_SIZE, type CommunityPage, communityApi } from '@btcp/shared/community';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { communityKeys, type PostListFilter } from './query-keys.ts';

export const getCommunityPosts = (
  { sort, topic }: PostListFilter,
  cursor: string | null,
  signal?: AbortSignal,
) => {
  const query = new URLSearchParams({ sort, limit: String(COMMUNITY_PAGE_SIZE) });
  if (topic) query.set('topic', topic);
  if (cursor) query.set('cursor', cursor);
  return apiRequest<CommunityPage>(`${communityApi.posts}?${query}`, { signal });
};

/** D15: 20 posts a page; 'Load more' asks for the next with the last page's cursor. */
export const communityPostsQueryOptions = (filter: PostListFilter) =>
  infiniteQueryOptions({
    queryKey: communityKeys.list(filter),
    queryFn: ({ pageParam, signal }) => getCommunityPosts(filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });

export const useCommunityPosts = (filter: PostListFilter) =>
  useInfiniteQuery(communityPostsQueryOptions(filter));
