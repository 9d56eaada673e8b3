import type { MiningStatus } from '@btcp/shared/mining';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
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

/**
 * A reward paid to the session the status shows (in this browser or another): its paid time moves
 * on, so what is pending starts again from zero rather than counting the paid seconds twice.
 */
export function setSessionPaid(
  queryClient: QueryClient,
  reward: { sessionId: string; totalMiningSeconds: number },
): void {
  queryClient.setQueryData<MiningStatus>(miningStatusQueryKey, (old) =>
    old?.session?.id === reward.sessionId
      ? { ...old, session: { ...old.session, totalMiningSeconds: reward.totalMiningSeconds } }
      : old,
  );
}
