import { blogMessages } from '@btcp/shared/blog';
import { pageTitles, paths, SITE_NAME } from '@btcp/shared/paths';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { blogPostQueryOptions, useBlogPost } from '#web/features/blog/api/get-blog-post.ts';
import { BlogPostArticle } from '#web/features/blog/components/blog-post-article.tsx';
import { BlogPostNotFound } from '#web/features/blog/components/blog-post-not-found.tsx';
import { BlogPostSkeleton } from '#web/features/blog/components/blog-post-skeleton.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { useErrorToast } from '#web/hooks/use-error-toast.ts';
import { ApiRequestError } from '#web/lib/api-client.ts';
import type { PublicPageHandle } from '#web/lib/public-page.ts';

export const handle: PublicPageHandle = {
  prefetch: (queryClient, { params }) =>
    queryClient.fetchQuery(blogPostQueryOptions(params.id ?? '')),
};

function BackLink() {
  return (
    <Link
      to={paths.blog.getHref()}
      className="inline-flex rounded-md text-sm font-medium text-muted-foreground transition-colors hover:text-primary"
    >
      {blogMessages.backToAll}
    </Link>
  );
}

export function Component() {
  const { id = '' } = useParams();
  const post = useBlogPost(id);
  // 404: missing or a draft; 400: not even a well-formed id. Either way there is no such post.
  const notFound =
    post.error instanceof ApiRequestError &&
    (post.error.status === 404 || post.error.status === 400);
  useErrorToast(
    blogMessages.errorLoadingPost,
    notFound ? null : post.error,
    post.errorUpdatedAt,
    blogMessages.errorLoadingPostDescription,
  );
  useDocumentTitle(
    post.data
      ? `${post.data.title} | ${SITE_NAME}`
      : notFound
        ? `${blogMessages.notFoundTitle} | ${SITE_NAME}`
        : pageTitles.blogPost,
  );

  // A post opens at its top, wherever the list was scrolled to.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again for each post opened
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [id]);

  if (notFound) {
    return (
      <div className="mx-auto max-w-3xl px-4 sm:px-6">
        <BlogPostNotFound />
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-3xl px-4 pt-10 pb-20 sm:px-6 lg:pt-16">
      <div className="mb-8">
        <BackLink />
      </div>
      {post.data ? (
        <BlogPostArticle post={post.data} />
      ) : post.isError ? (
        <div className="rounded-xl border border-dashed border-border px-6 py-16 text-center">
          <p className="text-lg font-medium">{blogMessages.errorLoadingPostDescription}</p>
          <Button
            variant="outline"
            className="mt-4"
            onClick={() => void post.refetch()}
            disabled={post.isFetching}
          >
            Try again
          </Button>
        </div>
      ) : (
        <BlogPostSkeleton />
      )}
    </div>
  );
}
