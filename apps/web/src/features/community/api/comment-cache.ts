import type { Comment, CommentsPage } from '@btcp/shared/community';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { communityKeys } from './query-keys.ts';

export type CommentPages = InfiniteData<CommentsPage, string | null>;

/** Rewrites the loaded comments of one post; `change` gets and returns one page's items. */
export function updateCachedComments(
  queryClient: QueryClient,
  postId: string,
  change: (items: Comment[], pageIndex: number) => Comment[],
): void {
  queryClient.setQueryData<CommentPages>(communityKeys.comments(postId), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page, index) => ({ ...page, items: change(page.items, index) })),
        }
      : data,
  );
}
