import { communityApi } from '@btcp/shared/community';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { communityKeys } from './query-keys.ts';

export const deleteCommunityPost = (id: string) =>
  apiRequest<void>(communityApi.post(id), { method: 'DELETE' });

/** D17: authors may delete their own posts; the lists and the post count follow. */
export function useDeleteCommunityPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCommunityPost,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: communityKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: communityKeys.stats() }),
      ]),
  });
}

/**
 * Drops a deleted post's own caches. Called once its page has been left: removing them while it is
 * still on screen would fetch it again and flash 'Post Not Found'.
 */
export function forgetCommunityPost(queryClient: QueryClient, id: string): void {
  queryClient.removeQueries({ queryKey: communityKeys.post(id), exact: true });
  queryClient.removeQueries({ queryKey: communityKeys.comments(id), exact: true });
}
