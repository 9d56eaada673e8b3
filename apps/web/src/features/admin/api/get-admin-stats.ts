import type { AdminStats } from '@btcp/shared/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';

export const getAdminStats = (signal?: AbortSignal) =>
  apiRequest<AdminStats>('/admin/stats', { signal });

export const adminStatsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'stats'],
    queryFn: ({ signal }) => getAdminStats(signal),
  });

export const useAdminStats = () => useQuery(adminStatsQueryOptions());
