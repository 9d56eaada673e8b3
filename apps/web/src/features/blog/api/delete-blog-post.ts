import { blogApi } from '@btcp/shared/blog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { invalidateBlogPosts } from './invalidate-blog-posts.ts';

export const deleteBlogPost = (id: string) =>
  apiRequest<void>(blogApi.adminPost(id), { method: 'DELETE' });

export function useDeleteBlogPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBlogPost,
    onSuccess: () => invalidateBlogPosts(queryClient),
  });
}
