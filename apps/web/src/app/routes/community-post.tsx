import { communityMessages } from '@btcp/shared/community';
import { pageTitles } from '@btcp/shared/paths';
import { Suspense } from 'react';
import { useParams } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { commentsQueryOptions } from '#web/features/community/api/get-comments.ts';
import {
  communityPostQueryOptions,
  useCommunityPost,
} from '#web/features/community/api/get-community-post.ts';
import { BackToCommunityLink } from '#web/features/community/components/back-to-community-link.tsx';
import { CommentSection } from '#web/features/community/components/comment-section.tsx';
import { PostDetail, PostDetailSkeleton } from '#web/features/community/components/post-detail.tsx';
import { PostNotFound } from '#web/features/community/components/post-not-found.tsx';
import { useScrollToTop } from '#web/features/community/hooks/use-scroll-to-top.ts';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { useErrorToast } from '#web/hooks/use-error-toast.ts';
import { ApiRequestError } from '#web/lib/api-client.ts';
import type { PublicPageHandle } from '#web/lib/public-page.ts';

export const handle: PublicPageHandle = {
  prefetch: (queryClient, { params }) =>
    Promise.all([
      queryClient.fetchQuery(communityPostQueryOptions(params.id ?? '')),
      queryClient.fetchInfiniteQuery(commentsQueryOptions(params.id ?? '')),
    ]),
};

function PostPage({ id }: { id: string }) {
  const post = useCommunityPost(id);
  // An id that is not even well formed (400) names no post either.
  const notFound = post.error instanceof ApiRequestError && [400, 404].includes(post.error.status);
  useErrorToast(
    communityMessages.errorLoadingPost,
    notFound ? null : post.error,
    post.errorUpdatedAt,
    communityMessages.errorLoadingPostDescription,
  );

  if (notFound) return <PostNotFound />;
  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 pt-8 pb-16 sm:px-6 lg:pt-12">
      {post.isPending ? <PostDetailSkeleton /> : null}
      {post.isError && !post.data ? (
        <div
          role="alert"
          className="flex flex-col items-center gap-4 rounded-xl border border-destructive/40 bg-destructive/5 px-6 py-10 text-center"
        >
          <p className="font-medium text-destructive">
            {communityMessages.errorPrefix(post.error.message)}
          </p>
          <Button variant="outline" onClick={() => void post.refetch()}>
            {communityMessages.tryAgain}
          </Button>
        </div>
      ) : null}
      {post.data ? (
        // Two boundaries: a rendered page hydrates the post, then its comments, letting the
        // browser work in between (docs/decisions/016). Neither suspends otherwise.
        <>
          <Suspense fallback={null}>
            <PostDetail post={post.data} />
          </Suspense>
          <Suspense fallback={null}>
            <CommentSection postId={post.data.id} commentCount={post.data.commentCount} />
          </Suspense>
        </>
      ) : null}
      <BackToCommunityLink />
    </div>
  );
}

export function Component() {
  useDocumentTitle(pageTitles.communityPost);
  const { id = '' } = useParams();
  useScrollToTop(id);
  // A new id is a new page: nothing of the last post's state (a half-typed comment) carries over.
  return <PostPage key={id} id={id} />;
}
