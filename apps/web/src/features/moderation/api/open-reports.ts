import { ADMIN_COMMUNITY_PAGE_SIZE } from '@btcp/shared/community';
import {
  type ReportedItemsPage,
  type ResolveReportsBody,
  type ResolveReportsResult,
  reportsApi,
} from '@btcp/shared/reports';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { type PagedSearchParams, pagedSearchQueryOptions } from '#web/lib/paged-search-query.ts';
import { adminCommunityPostsKey } from './get-admin-community-posts.ts';

export const openReportsKey = ['admin', 'community', 'reports'] as const;

/** The open reports grouped by item, searched and paged on the server. */
export const useOpenReports = (params: PagedSearchParams) =>
  useQuery(
    pagedSearchQueryOptions<ReportedItemsPage>(
      { key: openReportsKey, path: reportsApi.adminReports, pageSize: ADMIN_COMMUNITY_PAGE_SIZE },
      params,
    ),
  );

export const resolveReports = (body: ResolveReportsBody) =>
  apiRequest<ResolveReportsResult>(reportsApi.adminResolve, { method: 'POST', body });

/**
 * Dismiss, flag, remove or delete a reported item. The item leaves the open list, and the Posts
 * tab and the community pages may show it otherwise now: all are asked again (not awaited, so the
 * caller's toast comes first).
 */
export function useResolveReports() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveReports,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: openReportsKey });
      void queryClient.invalidateQueries({ queryKey: adminCommunityPostsKey });
      // Every community cache (features/community's root key): lists, the post, its comments.
      void queryClient.invalidateQueries({ queryKey: ['community'] });
    },
  });
}
