import {
  ADMIN_COMMUNITY_PAGE_SIZE,
  type AdminCommunityPage,
  communityApi,
} from '@btcp/shared/community';
import { useQuery } from '@tanstack/react-query';
import { type PagedSearchParams, pagedSearchQueryOptions } from '#web/lib/paged-search-query.ts';

export const adminCommunityPostsKey = ['admin', 'community', 'posts'] as const;

/** Every post, removed ones too, searched on the server over title, content and author. */
const adminCommunityPosts = {
  key: adminCommunityPostsKey,
  path: communityApi.adminPosts,
  pageSize: ADMIN_COMMUNITY_PAGE_SIZE,
};

export const useAdminCommunityPosts = (params: PagedSearchParams) =>
  useQuery(pagedSearchQueryOptions<AdminCommunityPage>(adminCommunityPosts, params));
