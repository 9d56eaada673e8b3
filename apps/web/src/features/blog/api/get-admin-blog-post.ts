import { type BlogPost, blogApi } from '@btcp/shared/blog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { adminBlogQueryKey } from './get-admin-blog-posts.ts';

/** A post to edit, draft or published. */
export const getAdminBlogPost = (id: string, signal?: AbortSignal) =>
  apiRequest<BlogPost>(blogApi.adminPost(id), { signal });

export const adminBlogPostQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...adminBlogQueryKey, 'post', id],
    queryFn: ({ signal }) => getAdminBlogPost(id, signal),
    // The form starts from what the server holds now, not from a copy cached earlier.
    staleTime: 0,
  });

export const useAdminBlogPost = (id: string) => useQuery(adminBlogPostQueryOptions(id));
