import {
  type AdminCommunityPage,
  type AdminCommunityPost,
  type CommunityPostStatus,
  communityApi,
} from '@btcp/shared/community';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { adminCommunityPostsKey } from './get-admin-community-posts.ts';
import { moderationLogKey } from './get-moderation-log.ts';

export interface SetPostStatusInput {
  id: string;
  status: CommunityPostStatus;
  /** Shown in the moderation log and to the author; '' for none. */
  reason?: string;
}

/** Marks a post active, flagged or removed; any status may follow any other. */
export const setPostStatus = ({ id, status, reason }: SetPostStatusInput) =>
  apiRequest<AdminCommunityPost>(communityApi.adminPost(id), {
    method: 'PATCH',
    body: reason?.trim() ? { status, reason: reason.trim() } : { status },
  });

/** Puts the server's updated row into every cached page that shows it. */
export function useSetPostStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPostStatus,
    onSuccess: (updated) => {
      queryClient.setQueriesData<AdminCommunityPage>(
        { queryKey: adminCommunityPostsKey },
        (page) =>
          page && {
            ...page,
            items: page.items.map((post) => (post.id === updated.id ? updated : post)),
          },
      );
      void queryClient.invalidateQueries({ queryKey: moderationLogKey });
    },
  });
}
