import { type Comment, communityApi, type VoteResult, type VoteType } from '@btcp/shared/community';
import { applyVote } from '@btcp/shared/vote-rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { restoreComments, snapshotComments, updateCachedComments } from './comment-cache.ts';
import { communityKeys } from './query-keys.ts';

export interface CommentVoteInput {
  comment: Pick<Comment, 'id' | 'postId'>;
  type: VoteType;
}

export const voteOnComment = ({ comment, type }: CommentVoteInput) =>
  apiRequest<VoteResult>(communityApi.commentVote(comment.id), { method: 'POST', body: { type } });

const patchComment = (id: string, patch: (comment: Comment) => Comment) => (items: Comment[]) =>
  items.map((item) => (item.id === id ? patch(item) : item));

/** As for posts: shown at once, put back on failure, the server's counts win (D1). */
export function useVoteOnComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: voteOnComment,
    onMutate: async ({ comment, type }) => {
      const key = communityKeys.comments(comment.postId);
      await queryClient.cancelQueries({ queryKey: key });
      const previous = snapshotComments(queryClient, comment.postId);
      updateCachedComments(
        queryClient,
        comment.postId,
        patchComment(comment.id, (item) => applyVote(item, type)),
      );
      return { previous };
    },
    onError: (_error, _input, context) => restoreComments(queryClient, context?.previous),
    onSuccess: (result, { comment }) => {
      updateCachedComments(
        queryClient,
        comment.postId,
        patchComment(comment.id, (item) => ({ ...item, ...result })),
      );
    },
  });
}
