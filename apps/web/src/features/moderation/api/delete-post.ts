import { communityApi } from '@btcp/shared/community';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { adminCommunityPostsKey } from './get-admin-community-posts.ts';

/** Deletes a post for good, with its comments and votes. */
export const deletePost = (id: string) =>
  apiRequest<void>(communityApi.adminPost(id), { method: 'DELETE' });

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePost,
    // The page shifts up by one row and the total drops, so ask the server again. Not awaited: the
    // caller's own callbacks (the toast) must run before the refetch unmounts the deleted row.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminCommunityPostsKey });
    },
  });
}
