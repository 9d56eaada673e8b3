import type { AdminUsersPage } from '@btcp/shared/admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';

export const ADMIN_USERS_PAGE_SIZE = 20;

export interface AdminUsersParams {
  search: string;
  page: number;
}

export const getAdminUsers = ({ search, page }: AdminUsersParams, signal?: AbortSignal) => {
  const query = new URLSearchParams({
    page: String(page),
    pageSize: String(ADMIN_USERS_PAGE_SIZE),
  });
  if (search) query.set('search', search);
  return apiRequest<AdminUsersPage>(`/admin/users?${query}`, { signal });
};

export const adminUsersKey = ['admin', 'users'] as const;

export const adminUsersQueryOptions = (params: AdminUsersParams) =>
  queryOptions({
    queryKey: [...adminUsersKey, params],
    queryFn: ({ signal }) => getAdminUsers(params, signal),
    // The table keeps showing the last page while the next search or page loads.
    placeholderData: keepPreviousData,
  });

export const useAdminUsers = (params: AdminUsersParams) => useQuery(adminUsersQueryOptions(params));
