import type { QueryClient } from '@tanstack/react-query';
import { adminBlogQueryKey } from './get-admin-blog-posts.ts';
import { blogQueryKey } from './get-blog-posts.ts';

/** After any change both lists (admin and public) and the post's own pages are out of date. */
export async function invalidateBlogPosts(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: adminBlogQueryKey }),
    queryClient.invalidateQueries({ queryKey: blogQueryKey }),
  ]);
}
