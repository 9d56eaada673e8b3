import { paths } from '@btcp/shared/paths';
import type { SessionState } from '@btcp/shared/session';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';

/**
 * Who is signed in, as GET /auth/session says. Every layer reads it (guards, headers, features), so
 * it lives here rather than in a feature; signing in and out (features/auth) writes it.
 */
export const sessionQueryKey = ['session'] as const;

export const getSession = (signal?: AbortSignal) =>
  apiRequest<SessionState>('/auth/session', { signal });

export const sessionQueryOptions = () =>
  queryOptions({ queryKey: sessionQueryKey, queryFn: ({ signal }) => getSession(signal) });

export const useSession = () => useQuery(sessionQueryOptions());

/**
 * Whether a user (not an admin) is signed in: undefined while the session is being checked (or the
 * check failed), so nothing is offered or refused yet; then true or false.
 */
export function useSignedIn(): boolean | undefined {
  const { data } = useSession();
  return data ? Boolean(data.user) : undefined;
}

/** Where the signed-in visitor's dashboard is (an admin's first), or null when nobody is signed in. */
export function useDashboardHref(): string | null {
  // While the session loads or fails the visitor counts as signed out; the server decides anyway.
  const { data } = useSession();
  if (data?.admin) return paths.adminDashboard.getHref();
  if (data?.user) return paths.dashboard.getHref();
  return null;
}
