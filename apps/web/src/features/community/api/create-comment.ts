import { type Comment, communityApi } from '@btcp/shared/community';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { insertReply } from '../lib/comment-tree.ts';
import { commentsLoaded, stopEarlierReads, updateCachedComments } from './comment-cache.ts';
import { patchCachedPost } from './post-cache.ts';
import { communityKeys } from './query-keys.ts';

export interface NewCommentInput {
  postId: string;
  content: string;
  /** The comment answered, for a reply. */
  parentId?: string;
}

export const createComment = ({ postId, content, parentId }: NewCommentInput) =>
  apiRequest<Comment>(communityApi.comments(postId), {
    method: 'POST',
    body: parentId ? { content, parentId } : { content },
  });

/**
 * A new comment goes on top of the list, a reply right under its parent, wherever they are
 * loaded (and stays there: a read asked for before it cannot answer it away); the post's count
 * goes up by one.
 */
export function useCreateComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createComment,
    onSuccess: async (comment) => {
      const { postId } = comment;
      await stopEarlierReads(queryClient, postId);
      if (comment.parentId) {
        updateCachedComments(queryClient, postId, (items) => insertReply(items, comment));
      } else if (commentsLoaded(queryClient, postId)) {
        updateCachedComments(queryClient, postId, (items, page) =>
          page === 0 ? [comment, ...items.filter((item) => item.id !== comment.id)] : items,
        );
      } else {
        void queryClient.invalidateQueries({ queryKey: communityKeys.comments(postId) });
      }
      patchCachedPost(queryClient, postId, (post) => ({
        ...post,
        commentCount: post.commentCount + 1,
      }));
    },
  });
}
