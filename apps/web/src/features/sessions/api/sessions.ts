import type { SessionList } from '@btcp/shared/sessions';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';

/**
 * Whose sessions a list shows: the member's own (/account) or the signed-in admin's (the admin's
 * settings). The two answer the same shapes under their own paths.
 */
export type SessionsOwner = 'account' | 'admin';

const base = (owner: SessionsOwner) =>
  owner === 'account' ? '/account/sessions' : '/admin/sessions';

export const sessionsQueryKey = (owner: SessionsOwner) => ['sessions', owner] as const;

export const sessionsQueryOptions = (owner: SessionsOwner) =>
  queryOptions({
    queryKey: sessionsQueryKey(owner),
    queryFn: ({ signal }) => apiRequest<SessionList>(base(owner), { signal }),
  });

export const useSessions = (owner: SessionsOwner) => useQuery(sessionsQueryOptions(owner));

/** Ends one session by its listed id, or (without one) every session but this one. */
export function useEndSessions(owner: SessionsOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string | null) =>
      id === null
        ? apiRequest<void>(`${base(owner)}/sign-out-others`, { method: 'POST' })
        : apiRequest<void>(`${base(owner)}/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey(owner) }),
  });
}
