import type { AdminWalletsPage } from '@btcp/shared/wallet';
import { useQuery } from '@tanstack/react-query';
import { type PagedSearchParams, pagedSearchQueryOptions } from '#web/lib/paged-search-query.ts';

export const adminWalletsKey = ['admin', 'wallets'] as const;

const adminWallets = { key: adminWalletsKey, path: '/admin/wallets', pageSize: 20 };

export const useAdminWallets = (params: PagedSearchParams) =>
  useQuery(pagedSearchQueryOptions<AdminWalletsPage>(adminWallets, params));
