import type { MiningStatus } from '@btcp/shared/mining';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';

export const miningStatusQueryKey = ['mining', 'status'] as const;

export const getMiningStatus = (signal?: AbortSignal) =>
  apiRequest<MiningStatus>('/mining/status', { signal });

export const miningStatusQueryOptions = () =>
  queryOptions({
    queryKey: miningStatusQueryKey,
    queryFn: ({ signal }) => getMiningStatus(signal),
    // Another tab may have started or stopped mining since this page last looked.
    staleTime: 0,
  });

export const useMiningStatus = () => useQuery(miningStatusQueryOptions());
