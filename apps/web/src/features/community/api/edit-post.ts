import { type CommunityPost, communityApi } from '@btcp/shared/community';
import type { UpdateCommunityPostBody } from '@btcp/shared/community-edits';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { editHistoryKey } from './get-edit-history.ts';
import { patchCachedPost } from './post-cache.ts';

export interface PostEdit extends UpdateCommunityPostBody {
  id: string;
}

export const editPost = ({ id, ...body }: PostEdit) =>
  apiRequest<CommunityPost>(communityApi.post(id), { method: 'PATCH', body });

/** The new words show at once wherever the post is on screen: its page and every list. */
export function useEditPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editPost,
    onSuccess: (updated) => {
      patchCachedPost(queryClient, updated.id, (post) => ({
        ...post,
        title: updated.title,
        content: updated.content,
        editedAt: updated.editedAt,
      }));
      void queryClient.invalidateQueries({ queryKey: editHistoryKey('post', updated.id) });
    },
  });
}
