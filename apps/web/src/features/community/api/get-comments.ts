import {
  type CommentSort,
  type CommentsPage,
  type CommentThread,
  communityApi,
  DEFAULT_COMMENT_SORT,
} from '@btcp/shared/community';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { communityKeys } from './query-keys.ts';

export const getComments = (
  postId: string,
  sort: CommentSort,
  cursor: string | null,
  signal?: AbortSignal,
) => {
  const query = new URLSearchParams(cursor ? { sort, cursor } : { sort });
  return apiRequest<CommentsPage>(`${communityApi.comments(postId)}?${query}`, { signal });
};

/** A page of threads at a time: top-level comments in the sort's order, each with its replies. */
export const commentsQueryOptions = (postId: string, sort: CommentSort = DEFAULT_COMMENT_SORT) =>
  infiniteQueryOptions({
    queryKey: communityKeys.sortedComments(postId, sort),
    queryFn: ({ pageParam, signal }) => getComments(postId, sort, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });

export const useComments = (postId: string, sort: CommentSort) =>
  useInfiniteQuery(commentsQueryOptions(postId, sort));

export const getCommentThread = (commentId: string, sort: CommentSort, signal?: AbortSignal) =>
  apiRequest<CommentThread>(
    `${communityApi.commentThread(commentId)}?${new URLSearchParams({ sort })}`,
    { signal },
  );

/** One comment's own page: it and the replies below it. */
export const commentThreadQueryOptions = (commentId: string, sort: CommentSort) =>
  queryOptions({
    queryKey: communityKeys.thread(commentId, sort),
    queryFn: ({ signal }) => getCommentThread(commentId, sort, signal),
  });

export const useCommentThread = (commentId: string, sort: CommentSort) =>
  useQuery(commentThreadQueryOptions(commentId, sort));
