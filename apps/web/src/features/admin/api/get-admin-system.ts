import type { AdminSystem } from '@btcp/shared/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';

/** The System card's figures are measured when asked; the card asks again this often. */
const REFRESH_MS = 30_000;

export const getAdminSystem = (signal?: AbortSignal) =>
  apiRequest<AdminSystem>('/admin/system', { signal });

export const adminSystemQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'system'],
    queryFn: ({ signal }) => getAdminSystem(signal),
    refetchInterval: REFRESH_MS,
  });

export const useAdminSystem = () => useQuery(adminSystemQueryOptions());
