import { BLOG_PAGE_SIZE, type BlogPage, blogApi } from '@btcp/shared/blog';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';

export const blogQueryKey = ['blog'] as const;

/** Published posts, newest first, each with the server's 25-word excerpt. */
export const getBlogPosts = (page: number, signal?: AbortSignal) =>
  apiRequest<BlogPage>(`${blogApi.list}?page=${page}&pageSize=${BLOG_PAGE_SIZE}`, { signal });

export const blogPostsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...blogQueryKey, 'posts', { page }],
    queryFn: ({ signal }) => getBlogPosts(page, signal),
    // The cards of the last page stay while the next one loads.
    placeholderData: keepPreviousData,
  });

export const useBlogPosts = (page: number) => useQuery(blogPostsQueryOptions(page));
