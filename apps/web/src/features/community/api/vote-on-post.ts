import { communityApi, type VoteResult, type VoteType } from '@btcp/shared/community';
import { applyVote } from '@btcp/shared/vote-rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { patchCachedPost, restoreSnapshot, snapshotPost } from './post-cache.ts';

export interface PostVoteInput {
  postId: string;
  type: VoteType;
}

export const voteOnPost = ({ postId, type }: PostVoteInput) =>
  apiRequest<VoteResult>(communityApi.postVote(postId), { method: 'POST', body: { type } });

/** The click shows at once; a failure puts the counts back; the server's counts are the truth (D1). */
export function useVoteOnPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: voteOnPost,
    onMutate: async ({ postId, type }) => {
      const snapshot = await snapshotPost(queryClient, postId);
      patchCachedPost(queryClient, postId, (post) => applyVote(post, type));
      return { snapshot };
    },
    onError: (_error, _input, context) => restoreSnapshot(queryClient, context?.snapshot),
    onSuccess: (result, { postId }) =>
      patchCachedPost(queryClient, postId, (post) => ({ ...post, ...result })),
  });
}
