import type { StaffSession } from '@btcp/shared/two-factor';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';

/** Who may use the admin area: an admin session, or a signed-in user with the moderator flag (D7). */
export const getStaff = (signal?: AbortSignal) =>
  apiRequest<StaffSession>('/admin-auth/me', { signal });

export const staffQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'me'],
    queryFn: ({ signal }) => getStaff(signal),
    // The guard asks again on every navigation, so a revoked admin is stopped at the next page.
    staleTime: 0,
  });

export const useStaff = () => useQuery(staffQueryOptions());
