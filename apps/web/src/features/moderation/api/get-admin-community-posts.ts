import {
  ADMIN_COMMUNITY_PAGE_SIZE,
  type AdminCommunityPage,
  communityApi,
} from '@btcp/shared/community';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';

export interface AdminCommunityPostsParams {
  search: string;
  page: number;
}

/** Every post, removed ones too, searched on the server over title, content and author. */
export const getAdminCommunityPosts = (
  { search, page }: AdminCommunityPostsParams,
  signal?: AbortSignal,
) => {
  const query = new URLSearchParams({
    page: String(page),
    pageSize: String(ADMIN_COMMUNITY_PAGE_SIZE),
  });
  if (search) query.set('search', search);
  return apiRequest<AdminCommunityPage>(`${communityApi.adminPosts}?${query}`, { signal });
};

export const adminCommunityPostsKey = ['admin', 'community', 'posts'] as const;

export const adminCommunityPostsQueryOptions = (params: AdminCommunityPostsParams) =>
  queryOptions({
    queryKey: [...adminCommunityPostsKey, params],
    queryFn: ({ signal }) => getAdminCommunityPosts(params, signal),
    // The table keeps showing the last page while the next search or page loads.
    placeholderData: keepPreviousData,
  });

export const useAdminCommunityPosts = (params: AdminCommunityPostsParams) =>
  useQuery(adminCommunityPostsQueryOptions(params));
