import {
  type CommentSort,
  commentSortLabels,
  commentSorts,
  communityMessages,
  DEFAULT_COMMENT_SORT,
} from '@btcp/shared/community';
import { paths } from '@btcp/shared/paths';
import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonVariants } from '#web/components/ui/button.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useErrorToast } from '#web/hooks/use-error-toast.ts';
import { useSignedIn } from '#web/lib/session.ts';
import { useComments } from '../api/get-comments.ts';
import { useBanned } from '../hooks/use-banned.ts';
import { buildCommentTree } from '../lib/comment-tree.ts';
import { commentsLabel, uniqueById } from '../lib/format.ts';
import { BannedNotice } from './banned-notice.tsx';
import { CommentComposer } from './comment-composer.tsx';
import { CommentTree } from './comment-tree.tsx';
import { NativeSelect } from './native-select.tsx';

function SignInPrompt() {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-border bg-muted/50 px-4 py-3">
      <p className="text-sm">{communityMessages.signInToComment}</p>
      <Link to={paths.login.getHref()} className={buttonVariants({ size: 'sm' })}>
        Login
      </Link>
    </div>
  );
}

const isCommentSort = (value: string): value is CommentSort =>
  (commentSorts as readonly string[]).includes(value);

/** New, Top or Old: the order of the threads and of every comment's replies. */
export function CommentSortSelect({
  sort,
  onChange,
}: {
  sort: CommentSort;
  onChange: (sort: CommentSort) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <Label htmlFor={id} className="shrink-0">
        Sort comments
      </Label>
      <NativeSelect
        id={id}
        value={sort}
        onChange={(event) => {
          if (isCommentSort(event.target.value)) onChange(event.target.value);
        }}
        className="w-28"
      >
        {commentSorts.map((value) => (
          <option key={value} value={value}>
            {commentSortLabels[value]}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

function CommentList({ postId, sort }: { postId: string; sort: CommentSort }) {
  const comments = useComments(postId, sort);
  useErrorToast(
    communityMessages.errorLoadingComments,
    comments.error,
    comments.errorUpdatedAt,
    communityMessages.errorLoadingCommentsDescription,
  );
  const pages = comments.data?.pages;
  const tree = useMemo(
    () => buildCommentTree(uniqueById(pages?.flatMap((page) => page.items) ?? [])),
    [pages],
  );

  if (comments.isPending) {
    return (
      <div className="grid gap-4 py-4">
        <p role="status" className="sr-only">
          Loading comments...
        </p>
        {[0, 1].map((row) => (
          <div key={row} className="grid gap-2">
            <Skeleton className="h-3 w-40" />
            <Skeleton className="h-4 w-full" />
          </div>
        ))}
      </div>
    );
  }
  if (comments.isError && !comments.data) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 py-4 text-sm">
        <p className="text-destructive">{communityMessages.errorLoadingCommentsDescription}</p>
        <Button variant="outline" size="sm" onClick={() => void comments.refetch()}>
          {communityMessages.tryAgain}
        </Button>
      </div>
    );
  }
  if (tree.length === 0) {
    return <p className="py-6 text-center text-muted-foreground">{communityMessages.noComments}</p>;
  }
  return (
    <>
      <CommentTree nodes={tree} busy={comments.isFetching} />
      {comments.hasNextPage ? (
        <Button
          variant="outline"
          className="justify-self-center"
          disabled={comments.isFetchingNextPage}
          onClick={() => void comments.fetchNextPage()}
        >
          {comments.isFetchingNextPage ? 'Loading...' : 'Load more comments'}
        </Button>
      ) : null}
    </>
  );
}

/** The comment box (or a way to sign in), then the threads of comments in the chosen order. */
export function CommentSection({ postId, commentCount }: { postId: string; commentCount: number }) {
  const signedIn = useSignedIn();
  const banned = useBanned();
  const [sort, setSort] = useState<CommentSort>(DEFAULT_COMMENT_SORT);
  return (
    <section
      aria-labelledby="comments-heading"
      className="grid gap-4 rounded-xl border border-border bg-card p-4 text-card-foreground shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="comments-heading" className="text-lg font-semibold">
          {commentsLabel(commentCount)}
        </h2>
        <CommentSortSelect sort={sort} onChange={setSort} />
      </div>
      {signedIn && banned ? <BannedNotice /> : null}
      {signedIn && !banned ? <CommentComposer postId={postId} /> : null}
      {signedIn === false ? <SignInPrompt /> : null}
      <CommentList postId={postId} sort={sort} />
    </section>
  );
}
