import { type CommentSort, communityMessages, DEFAULT_COMMENT_SORT } from '@btcp/shared/community';
import { paths } from '@btcp/shared/paths';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useCommentThread } from '../api/get-comments.ts';
import { useCommunityPost } from '../api/get-community-post.ts';
import { buildCommentTree } from '../lib/comment-tree.ts';
import { CommentSortSelect } from './comment-section.tsx';
import { CommentTree } from './comment-tree.tsx';

const linkClass = 'text-sm font-medium text-primary hover:underline';

/**
 * One comment's own page ("Continue this thread"): the comment and the replies below it, with
 * the way back to the whole discussion and, for a reply, to the comment it answers.
 */
export function CommentThreadView({ postId, commentId }: { postId: string; commentId: string }) {
  const [sort, setSort] = useState<CommentSort>(DEFAULT_COMMENT_SORT);
  const post = useCommunityPost(postId);
  const thread = useCommentThread(commentId, sort);
  const tree = useMemo(() => buildCommentTree(thread.data?.items ?? []), [thread.data]);
  const first = thread.data?.items[0];
  return (
    <section
      aria-labelledby="thread-heading"
      className="grid gap-4 rounded-xl border border-border bg-card p-4 text-card-foreground shadow-sm sm:p-6"
    >
      <div className="grid gap-1">
        <p className="text-sm text-muted-foreground">
          {post.data ? `Comments on “${post.data.title}”` : '\u00a0'}
        </p>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 id="thread-heading" className="text-lg font-semibold">
            Single comment thread
          </h1>
          <CommentSortSelect sort={sort} onChange={setSort} />
        </div>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          <Link to={paths.communityPost.getHref(postId)} className={linkClass}>
            See all comments
          </Link>
          {first?.parentId ? (
            <Link to={paths.communityThread.getHref(postId, first.parentId)} className={linkClass}>
              Show parent comment
            </Link>
          ) : null}
        </div>
      </div>
      {thread.isPending ? (
        <div className="grid gap-2 py-4">
          <p role="status" className="sr-only">
            Loading comments...
          </p>
          <Skeleton className="h-3 w-40" />
          <Skeleton className="h-4 w-full" />
        </div>
      ) : null}
      {thread.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 py-4 text-sm">
          <p className="text-destructive">{communityMessages.errorLoadingCommentsDescription}</p>
          <Button variant="outline" size="sm" onClick={() => void thread.refetch()}>
            {communityMessages.tryAgain}
          </Button>
        </div>
      ) : null}
      {thread.data ? (
        <CommentTree nodes={tree} label="Comment thread" busy={thread.isFetching} />
      ) : null}
    </section>
  );
}
