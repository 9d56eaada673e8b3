import { type Comment, communityApi } from '@btcp/shared/community';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { updateCachedComments } from './comment-cache.ts';
import { editHistoryKey } from './get-edit-history.ts';
import { communityKeys } from './query-keys.ts';

export interface CommentEdit {
  id: string;
  content: string;
}

export const editComment = ({ id, content }: CommentEdit) =>
  apiRequest<Comment>(communityApi.comment(id), { method: 'PATCH', body: { content } });

/**
 * The edited comment is changed where it is loaded, then the post's comments are read again, so
 * it shows right however they are laid out (replies included).
 */
export function useEditComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editComment,
    onSuccess: (updated) => {
      updateCachedComments(queryClient, updated.postId, (items) =>
        items.map((item) =>
          item.id === updated.id
            ? { ...item, content: updated.content, editedAt: updated.editedAt }
            : item,
        ),
      );
      void queryClient.invalidateQueries({ queryKey: communityKeys.comments(updated.postId) });
      void queryClient.invalidateQueries({ queryKey: editHistoryKey('comment', updated.id) });
    },
  });
}
