import type { ReferralStats } from '@btcp/shared/wallet';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';

export const referralStatsQueryKey = ['referrals', 'stats'] as const;

export const getReferralStats = (signal?: AbortSignal) =>
  apiRequest<ReferralStats>('/referrals/stats', { signal });

export const referralStatsQueryOptions = () =>
  queryOptions({
    queryKey: referralStatsQueryKey,
    queryFn: ({ signal }) => getReferralStats(signal),
  });

export const useReferralStats = () => useQuery(referralStatsQueryOptions());
