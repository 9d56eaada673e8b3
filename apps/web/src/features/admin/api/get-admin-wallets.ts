import type { AdminWalletsPage } from '@btcp/shared/wallet';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';

export const ADMIN_WALLETS_PAGE_SIZE = 20;

export interface AdminWalletsParams {
  search: string;
  page: number;
}

export const getAdminWallets = ({ search, page }: AdminWalletsParams, signal?: AbortSignal) => {
  const query = new URLSearchParams({
    page: String(page),
    pageSize: String(ADMIN_WALLETS_PAGE_SIZE),
  });
  if (search) query.set('search', search);
  return apiRequest<AdminWalletsPage>(`/admin/wallets?${query}`, { signal });
};

export const adminWalletsKey = ['admin', 'wallets'] as const;

export const adminWalletsQueryOptions = (params: AdminWalletsParams) =>
  queryOptions({
    queryKey: [...adminWalletsKey, params],
    queryFn: ({ signal }) => getAdminWallets(params, signal),
    // The table keeps showing the last page while the next search or page loads.
    placeholderData: keepPreviousData,
  });

export const useAdminWallets = (params: AdminWalletsParams) =>
  useQuery(adminWalletsQueryOptions(params));
