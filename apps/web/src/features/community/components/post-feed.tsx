import { type CommunityPage, communityMessages } from '@btcp/shared/community';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { useErrorToast } from '#web/hooks/use-error-toast.ts';
import { uniqueById } from '../lib/format.ts';
import { PostCard, PostCardSkeleton } from './post-card.tsx';

/** Three placeholder cards while the first page loads. */
const SKELETON_COUNT = 3;

interface PostFeedProps {
  posts: UseInfiniteQueryResult<InfiniteData<CommunityPage>>;
  /** Said to screen readers while the first page loads. */
  loading: string;
  errorTitle: string;
  errorDescription: string;
  /** What shows when there is no post at all. */
  empty: ReactNode;
}

/**
 * Pages of posts (a list's or a search's), 20 at a time with 'Load more', with their loading,
 * error and empty states.
 */
export function PostFeed({ posts, loading, errorTitle, errorDescription, empty }: PostFeedProps) {
  // A failed 'Load more' says so under the list instead.
  useErrorToast(
    errorTitle,
    posts.isFetchNextPageError ? null : posts.error,
    posts.errorUpdatedAt,
    errorDescription,
  );
  const items = uniqueById(posts.data?.pages.flatMap((page) => page.items) ?? []);

  if (posts.isPending) {
    return (
      <div className="grid gap-3">
        <p role="status" className="sr-only">
          {loading}
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

  if (items.length === 0) return empty;

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
