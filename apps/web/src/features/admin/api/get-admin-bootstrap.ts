import type { AdminBootstrap } from '@btcp/shared/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';

/** Whether any admin exists yet: until one does, /create-admin works without a session (D8). */
export const getAdminBootstrap = (signal?: AbortSignal) =>
  apiRequest<AdminBootstrap>('/admin-auth/bootstrap', { signal });

export const adminBootstrapQueryOptions = () =>
  queryOptions({
    queryKey: ['admin-auth', 'bootstrap'],
    queryFn: ({ signal }) => getAdminBootstrap(signal),
  });

export const useAdminBootstrap = () => useQuery(adminBootstrapQueryOptions());
