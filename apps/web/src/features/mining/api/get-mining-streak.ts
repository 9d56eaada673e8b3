import type { MiningStreak } from '@btcp/shared/streaks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';

export const miningStreakQueryKey = ['mining', 'streak'] as const;

/** Decision 060: the member's streak, freezes and the last 12 weeks' mining days (UTC). */
export const miningStreakQueryOptions = () =>
  queryOptions({
    queryKey: miningStreakQueryKey,
    queryFn: ({ signal }) => apiRequest<MiningStreak>('/mining/streak', { signal }),
  });

export const useMiningStreak = () => useQuery(miningStreakQueryOptions());
