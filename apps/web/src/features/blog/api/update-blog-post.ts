import { type BlogPost, type BlogPostBody, blogApi } from '@btcp/shared/blog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { invalidateBlogPosts } from './invalidate-blog-posts.ts';

export interface UpdateBlogPostInput {
  id: string;
  body: BlogPostBody;
}

export const updateBlogPost = ({ id, body }: UpdateBlogPostInput) =>
  apiRequest<BlogPost>(blogApi.adminPost(id), { method: 'PUT', body });

export function useUpdateBlogPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBlogPost,
    onSuccess: () => invalidateBlogPosts(queryClient),
  });
}
