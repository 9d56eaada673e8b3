import type { Comment, CommentsPage, CommentThread } from '@btcp/shared/community';
import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import { communityKeys } from './query-keys.ts';

export type CommentPages = InfiniteData<CommentsPage, string | null>;

/** A loaded sub-thread's items are changed with this page index: no page of the post's list. */
export const THREAD_PAGE = -1;

/**
 * Rewrites the loaded comments of one post, in every sort of its threads and every sub-thread of
 * it; `change` gets and returns one page's items (`THREAD_PAGE` for a sub-thread).
 */
export function updateCachedComments(
  queryClient: QueryClient,
  postId: string,
  change: (items: Comment[], pageIndex: number) => Comment[],
): void {
  queryClient.setQueriesData<CommentPages>({ queryKey: communityKeys.comments(postId) }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page, index) => ({ ...page, items: change(page.items, index) })),
        }
      : data,
  );
  queryClient.setQueriesData<CommentThread>({ queryKey: communityKeys.threads() }, (data) =>
    data && data.postId === postId ? { ...data, items: change(data.items, THREAD_PAGE) } : data,
  );
}

/**
 * Called before a change the server has answered is written into the loaded comments. A read of
 * them still under way was asked for before the change, and its answer, coming after, would put
 * the comments back as they were (the server only promises that a read asked for after the answer
 * has the change, docs/decisions/013): so the loaded lists and sub-threads of the post stop theirs
 * and keep what is written, and a list of the post still loading for the first time is asked for
 * again.
 */
export async function stopEarlierReads(queryClient: QueryClient, postId: string): Promise<void> {
  await Promise.all([
    queryClient.cancelQueries({
      queryKey: communityKeys.comments(postId),
      predicate: (query) => query.state.data !== undefined,
    }),
    queryClient.cancelQueries({
      queryKey: communityKeys.threads(),
      predicate: (query) => (query.state.data as CommentThread | undefined)?.postId === postId,
    }),
  ]);
  void queryClient.invalidateQueries({
    queryKey: communityKeys.comments(postId),
    predicate: (query) => query.state.data === undefined,
  });
}

export type CommentsSnapshot = [QueryKey, unknown][];

/** The post's loaded comments as they are, to put back when an optimistic change fails. */
export function snapshotComments(queryClient: QueryClient, postId: string): CommentsSnapshot {
  return [
    ...queryClient.getQueriesData({ queryKey: communityKeys.comments(postId) }),
    ...queryClient.getQueriesData({ queryKey: communityKeys.threads() }),
  ];
}

export function restoreComments(queryClient: QueryClient, snapshot: CommentsSnapshot = []): void {
  for (const [key, data] of snapshot) queryClient.setQueryData(key, data);
}

/** Whether any list of the post's threads is loaded (else a change refetches them). */
export const commentsLoaded = (queryClient: QueryClient, postId: string) =>
  queryClient.getQueriesData({ queryKey: communityKeys.comments(postId) }).some(([, data]) => data);
