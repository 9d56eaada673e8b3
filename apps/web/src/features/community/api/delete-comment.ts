import { type Comment, communityApi } from '@btcp/shared/community';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { removeComment } from '../lib/comment-tree.ts';
import { stopEarlierReads, updateCachedComments } from './comment-cache.ts';
import { patchCachedPost } from './post-cache.ts';

export const deleteComment = (comment: Pick<Comment, 'id'>) =>
  apiRequest<void>(communityApi.comment(comment.id), { method: 'DELETE' });

/**
 * D17: authors may delete their own comments: one with replies stays as "[deleted]", one without
 * goes; the post's count goes down by one either way.
 */
export function useDeleteComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (comment: Pick<Comment, 'id' | 'postId'>) => deleteComment(comment),
    onSuccess: async (_result, { id, postId }) => {
      await stopEarlierReads(queryClient, postId);
      updateCachedComments(queryClient, postId, (items) => removeComment(items, id));
      patchCachedPost(queryClient, postId, (post) => ({
        ...post,
        commentCount: Math.max(0, post.commentCount - 1),
      }));
    },
  });
}
