import { type AdminBlogPage, blogApi } from '@btcp/shared/blog';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';

export const ADMIN_BLOG_PAGE_SIZE = 20;

/** Under 'admin', so signing out of the admin area forgets it with the rest. */
export const adminBlogQueryKey = ['admin', 'blog'] as const;

/** Every post, drafts included, newest first. */
export const getAdminBlogPosts = (page: number, signal?: AbortSignal) =>
  apiRequest<AdminBlogPage>(`${blogApi.adminList}?page=${page}&pageSize=${ADMIN_BLOG_PAGE_SIZE}`, {
    signal,
  });

export const adminBlogPostsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...adminBlogQueryKey, 'posts', { page }],
    queryFn: ({ signal }) => getAdminBlogPosts(page, signal),
    placeholderData: keepPreviousData,
  });

export const useAdminBlogPosts = (page: number) => useQuery(adminBlogPostsQueryOptions(page));
