import { type CommentsPage, communityApi } from '@btcp/shared/community';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { communityKeys } from './query-keys.ts';

export const getComments = (postId: string, cursor: string | null, signal?: AbortSignal) => {
  const query = cursor ? `?${new URLSearchParams({ cursor })}` : '';
  return apiRequest<CommentsPage>(`${communityApi.comments(postId)}${query}`, { signal });
};

/** Newest first, one page at a time. */
export const commentsQueryOptions = (postId: string) =>
  infiniteQueryOptions({
    queryKey: communityKeys.comments(postId),
    queryFn: ({ pageParam, signal }) => getComments(postId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });

export const useComments = (postId: string) => useInfiniteQuery(commentsQueryOptions(postId));
