import { communityApi } from '@btcp/shared/community';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { adminCommunityPostsKey } from './get-admin-community-posts.ts';
import { moderationLogKey } from './get-moderation-log.ts';

export interface DeletePostInput {
  id: string;
  /** Shown in the moderation log and to the author; '' for none. */
  reason: string;
}

/** Deletes a post for good, with its comments and votes; the reason goes as ?reason=. */
export const deletePost = ({ id, reason }: DeletePostInput) => {
  const query = reason.trim() ? `?${new URLSearchParams({ reason: reason.trim() })}` : '';
  return apiRequest<void>(`${communityApi.adminPost(id)}${query}`, { method: 'DELETE' });
};

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePost,
    // The page shifts up by one row and the total drops, so ask the server again. Not awaited: the
    // caller's own callbacks (the toast) must run before the refetch unmounts the deleted row.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminCommunityPostsKey });
      void queryClient.invalidateQueries({ queryKey: moderationLogKey });
    },
  });
}
