import { type CommunityStats, communityApi } from '@btcp/shared/community';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { communityKeys } from './query-keys.ts';

export const getCommunityStats = (signal?: AbortSignal) =>
  apiRequest<CommunityStats>(communityApi.stats, { signal });

export const communityStatsQueryOptions = () =>
  queryOptions({
    queryKey: communityKeys.stats(),
    queryFn: ({ signal }) => getCommunityStats(signal),
  });

export const useCommunityStats = () => useQuery(communityStatsQueryOptions());
