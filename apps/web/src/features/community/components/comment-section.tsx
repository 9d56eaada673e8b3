import { communityMessages } from '@btcp/shared/community';
import { paths } from '@btcp/shared/paths';
import { Link } from 'react-router';
import { Button, buttonVariants } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useErrorToast } from '#web/hooks/use-error-toast.ts';
import { useSignedIn } from '#web/lib/session.ts';
import { useComments } from '../api/get-comments.ts';
import { useBanned } from '../hooks/use-banned.ts';
import { commentsLabel, uniqueById } from '../lib/format.ts';
import { BannedNotice } from './banned-notice.tsx';
import { CommentForm } from './comment-form.tsx';
import { CommentItem } from './comment-item.tsx';

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

function CommentList({ postId }: { postId: string }) {
  const comments = useComments(postId);
  useErrorToast(
    communityMessages.errorLoadingComments,
    comments.error,
    comments.errorUpdatedAt,
    communityMessages.errorLoadingCommentsDescription,
  );
  const items = uniqueById(comments.data?.pages.flatMap((page) => page.items) ?? []);

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
  if (items.length === 0) {
    return <p className="py-6 text-center text-muted-foreground">{communityMessages.noComments}</p>;
  }
  return (
    <>
      <ul aria-label="Comments" aria-busy={comments.isFetching || undefined}>
        {items.map((comment) => (
          <CommentItem key={comment.id} comment={comment} />
        ))}
      </ul>
      {comments.hasNextPage ? (
        <Button
          variant="outline"
          className="justify-self-center"
          disabled={comments.isFetchingNextPage}
          onClick={() => void comments.fetchNextPage()}
        >
          {comments.isFetchingNextPage ? 'Loading...' : 'Load more'}
        </Button>
      ) : null}
    </>
  );
}

/** The comment box (or a way to sign in), then the comments, newest first. */
export function CommentSection({ postId, commentCount }: { postId: string; commentCount: number }) {
  const signedIn = useSignedIn();
  const banned = useBanned();
  return (
    <section
      aria-labelledby="comments-heading"
      className="grid gap-4 rounded-xl border border-border bg-card p-4 text-card-foreground shadow-sm sm:p-6"
    >
      <h2 id="comments-heading" className="text-lg font-semibold">
        {commentsLabel(commentCount)}
      </h2>
      {signedIn && banned ? <BannedNotice /> : null}
      {signedIn && !banned ? <CommentForm postId={postId} /> : null}
      {signedIn === false ? <SignInPrompt /> : null}
      <CommentList postId={postId} />
    </section>
  );
}
