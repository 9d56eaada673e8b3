import { type BlogPost, blogApi } from '@btcp/shared/blog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { blogQueryKey } from './get-blog-posts.ts';

/** One published post; a draft or a missing id is a 404. */
export const getBlogPost = (id: string, signal?: AbortSignal) =>
  apiRequest<BlogPost>(blogApi.post(id), { signal });

export const blogPostQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...blogQueryKey, 'post', id],
    queryFn: ({ signal }) => getBlogPost(id, signal),
  });

export const useBlogPost = (id: string) => useQuery(blogPostQueryOptions(id));
