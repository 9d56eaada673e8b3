import { type BlogPost, type BlogPostBody, blogApi } from '@btcp/shared/blog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { invalidateBlogPosts } from './invalidate-blog-posts.ts';

export const createBlogPost = (body: BlogPostBody) =>
  apiRequest<BlogPost>(blogApi.adminList, { method: 'POST', body });

export function useCreateBlogPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBlogPost,
    onSuccess: () => invalidateBlogPosts(queryClient),
  });
}
