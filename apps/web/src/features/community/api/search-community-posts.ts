import { COMMUNITY_PAGE_SIZE, type CommunityPage, communityApi } from '@btcp/shared/community';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { ApiRequestError, apiRequest } from '#web/lib/api-client.ts';
import { isBusyError } from '#web/lib/busy-retry.ts';
import { retryUnlessRefused } from '#web/lib/query-client.ts';
import { communityKeys } from './query-keys.ts';

export const searchCommunityPosts = (
  query: string,
  cursor: string | null,
  signal?: AbortSignal,
) => {
  const params = new URLSearchParams({ q: query, limit: String(COMMUNITY_PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  return apiRequest<CommunityPage>(`${communityApi.search}?${params}`, { signal });
};

/** The best matches first, 20 a page, with 'Load more' as in the lists. */
export const communitySearchQueryOptions = (query: string) =>
  infiniteQueryOptions({
    queryKey: communityKeys.search(query),
    queryFn: ({ pageParam, signal }) => searchCommunityPosts(query, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });

/**
 * In the browser, a busy server (decision 058) is asked once more after its Retry-After; the
 * server's renderer asks once and leaves the search to the browser.
 */
export const useCommunitySearch = (query: string) =>
  useInfiniteQuery({
    ...communitySearchQueryOptions(query),
    retry: (failureCount, error) =>
      isBusyError(error) ? failureCount < 1 : retryUnlessRefused(failureCount, error),
    retryDelay: (_failureCount, error) =>
      (error instanceof ApiRequestError && error.retryAfter ? error.retryAfter : 1) * 1000,
  });
