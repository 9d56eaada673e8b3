import type { Signals } from '@btcp/shared/signals';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';

export const signalsKey = ['admin', 'signals'] as const;

export const getSignals = (signal?: AbortSignal) =>
  apiRequest<Signals>('/admin/signals', { signal });

export const signalsQueryOptions = () =>
  queryOptions({ queryKey: signalsKey, queryFn: ({ signal }) => getSignals(signal) });

/** Decision 033: the clusters of accounts to review, largest first. */
export const useSignals = () => useQuery(signalsQueryOptions());
