import type { SessionState } from '@btcp/shared/session';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const sessionQueryKey = ['session'] as const;

export const getSession = (signal?: AbortSignal) =>
  apiRequest<SessionState>('/auth/session', { signal });

export const sessionQueryOptions = () =>
  queryOptions({ queryKey: sessionQueryKey, queryFn: ({ signal }) => getSession(signal) });

export const useSession = () => useQuery(sessionQueryOptions());
