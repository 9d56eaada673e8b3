import type { LeaderboardPage, LeaderboardPeriod, MyLeaderboard } from '@btcp/shared/leaderboard';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';

export const leaderboardQueryKey = ['leaderboard'] as const;

/** One keyset page of the board for a period, after `cursor` when given. */
export const getLeaderboard = (
  period: LeaderboardPeriod,
  cursor: string | null,
  signal?: AbortSignal,
) => {
  const query = new URLSearchParams({ period });
  if (cursor) query.set('cursor', cursor);
  return apiRequest<LeaderboardPage>(`/leaderboard?${query}`, { signal });
};

/** The board on /leaderboard: "Load more" asks for the next page by keyset. */
export const leaderboardQueryOptions = (period: LeaderboardPeriod) =>
  infiniteQueryOptions({
    queryKey: [...leaderboardQueryKey, 'board', period],
    queryFn: ({ pageParam, signal }) => getLeaderboard(period, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });

export const useLeaderboard = (period: LeaderboardPeriod) =>
  useInfiniteQuery(leaderboardQueryOptions(period));

/** The member's own rank this week and all-time, or why they are not shown. */
export const myLeaderboardQueryOptions = () =>
  queryOptions({
    queryKey: [...leaderboardQueryKey, 'me'],
    queryFn: ({ signal }) => apiRequest<MyLeaderboard>('/leaderboard/me', { signal }),
  });

export const useMyLeaderboard = () => useQuery(myLeaderboardQueryOptions());
