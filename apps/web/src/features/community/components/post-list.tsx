import { communityMessages } from '@btcp/shared/community';
import { paths } from '@btcp/shared/paths';
import { MessagesSquare } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonVariants } from '#web/components/ui/button.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { useErrorToast } from '#web/hooks/use-error-toast.ts';
import { useSignedIn } from '#web/lib/session.ts';
import { useCommunityPosts } from '../api/get-community-posts.ts';
import type { PostListFilter } from '../api/query-keys.ts';
import { uniqueById } from '../lib/format.ts';
import { PostCard, PostCardSkeleton } from './post-card.tsx';

/** Three placeholder cards while the first page loads. */
const SKELETON_COUNT = 3;

function NoPosts() {
  const signedIn = useSignedIn();
  return (
    <EmptyState
      icon={MessagesSquare}
      title={communityMessages.emptyList}
      description={communityMessages.emptyListHint}
      className="rounded-xl border border-dashed border-border py-14"
    >
      {signedIn === false ? (
        <Link to={paths.login.getHref()} className={buttonVariants({ className: 'mt-2' })}>
          {communityMessages.signInToPost}
        </Link>
      ) : null}
    </EmptyState>
  );
}

/** The posts for one sort and topic, 20 at a time, with loading, error and empty states. */
export function PostList({ filter }: { filter: PostListFilter }) {
  const posts = useCommunityPosts(filter);
  // A failed 'Load more' says so under the list instead.
  useErrorToast(
    communityMessages.errorLoadingPosts,
    posts.isFetchNextPageError ? null : posts.error,
    posts.errorUpdatedAt,
    communityMessages.errorLoadingPostsDescription,
  );
  const items = uniqueById(posts.data?.pages.flatMap((page) => page.items) ?? []);

  if (posts.isPending) {
    return (
      <div className="grid gap-3">
        <p role="status" className="sr-only">
          Loading posts...
        </p>
        {Array.from({ length: SKELETON_COUNT }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders with nothing else to key on
          <PostCardSkeleton key={index} />
        ))}
      </div>
    );
  }

  if (posts.isError && !posts.data) {
    return (
      <div
        role="alert"
        className="flex flex-col items-center gap-4 rounded-xl border border-destructive/40 bg-destructive/5 px-6 py-10 text-center"
      >
        <p className="font-medium text-destructive">
          {communityMessages.errorPrefix(posts.error.message)}
        </p>
        <Button variant="outline" onClick={() => void posts.refetch()}>
          {communityMessages.tryAgain}
        </Button>
      </div>
    );
  }

  if (items.length === 0) return <NoPosts />;

  return (
    <div className="grid gap-3" aria-busy={posts.isFetching || undefined}>
      {items.map((post, index) => (
        <PostCard key={post.id} post={post} first={index === 0} />
      ))}
      {posts.isFetchNextPageError ? (
        <p role="alert" className="text-center text-sm text-destructive">
          {communityMessages.errorPrefix(posts.error?.message ?? communityMessages.unexpected)}
        </p>
      ) : null}
      {posts.hasNextPage ? (
        <Button
          variant="outline"
          className="justify-self-center"
          disabled={posts.isFetchingNextPage}
          onClick={() => void posts.fetchNextPage()}
        >
          {posts.isFetchingNextPage ? 'Loading...' : 'Load more'}
        </Button>
      ) : null}
    </div>
  );
}
