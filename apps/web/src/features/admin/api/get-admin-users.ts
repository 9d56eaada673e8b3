import type { AdminUsersPage } from '@btcp/shared/admin';
import { useQuery } from '@tanstack/react-query';
import { type PagedSearchParams, pagedSearchQueryOptions } from '#web/lib/paged-search-query.ts';

export const adminUsersKey = ['admin', 'users'] as const;

const adminUsers = { key: adminUsersKey, path: '/admin/users', pageSize: 20 };

export const useAdminUsers = (params: PagedSearchParams) =>
  useQuery(pagedSearchQueryOptions<AdminUsersPage>(adminUsers, params));
