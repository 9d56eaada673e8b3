import type { Comment } from '@btcp/shared/community';
import { reportsApi } from '@btcp/shared/reports';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { communityKeys } from './query-keys.ts';

/** The Reports tab's list (features/moderation), read again once a comment's reports close. */
const openReportsKey = ['admin', 'community', 'reports'] as const;

export interface StaffCommentActionInput {
  comment: Pick<Comment, 'id' | 'postId'>;
  action: 'remove' | 'delete';
  /** Told to the author and kept in the moderation log; '' for none. */
  reason: string;
}

/** Staff remove (hidden as "[removed]") or delete any comment, with an optional reason. */
export const staffCommentAction = ({ comment, action, reason }: StaffCommentActionInput) =>
  action === 'remove'
    ? apiRequest<unknown>(reportsApi.adminComment(comment.id), {
        method: 'PATCH',
        body: { status: 'removed', ...(reason ? { reason } : {}) },
      })
    : apiRequest<void>(
        `${reportsApi.adminComment(comment.id)}${reason ? `?reason=${encodeURIComponent(reason)}` : ''}`,
        { method: 'DELETE' },
      );

/** The post's comments and count are read again afterwards, as are the open reports. */
export function useStaffCommentAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: staffCommentAction,
    onSuccess: (_result, { comment }) => {
      void queryClient.invalidateQueries({ queryKey: communityKeys.comments(comment.postId) });
      void queryClient.invalidateQueries({ queryKey: communityKeys.post(comment.postId) });
      void queryClient.invalidateQueries({ queryKey: openReportsKey });
    },
  });
}
