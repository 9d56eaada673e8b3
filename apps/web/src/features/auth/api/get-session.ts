import type { SessionState } from '@btcp/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const getSession = (signal?: AbortSignal) =>
  apiRequest<SessionState>('/auth/session', { signal });

export const sessionQueryOptions = () =>
  queryOptions({ queryKey: ['session'], queryFn: ({ signal }) => getSession(signal) });

export const useSession = () => useQuery(sessionQueryOptions());
