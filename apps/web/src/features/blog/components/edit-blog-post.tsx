import { blogMessages } from '@btcp/shared/blog';
import { paths } from '@btcp/shared/paths';
import { Link } from 'react-router';
import { Button, buttonVariants } from '#web/components/ui/button.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useErrorToast } from '#web/hooks/use-error-toast.ts';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { requestErrorMessage } from '#web/lib/form-errors.ts';
import { useAdminBlogPost } from '../api/get-admin-blog-post.ts';
import { BlogPostForm } from './blog-post-form.tsx';

function FormSkeleton() {
  return (
    <Card>
      <CardContent className="grid gap-6 pt-6">
        <p role="status" className="sr-only">
          Loading blog post...
        </p>
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-[340px] w-full" />
        <Skeleton className="h-10 w-40" />
      </CardContent>
    </Card>
  );
}

/** Loads the post to edit, then the form with its values. */
export function EditBlogPost({ id }: { id: string }) {
  const post = useAdminBlogPost(id);
  useErrorToast(
    blogMessages.errorLoadingBlogPost,
    post.error,
    post.errorUpdatedAt,
    post.error ? requestErrorMessage(post.error) : undefined,
  );

  if (post.data) return <BlogPostForm key={post.data.id} post={post.data} />;
  if (post.isPending) return <FormSkeleton />;

  const missing =
    post.error instanceof ApiRequestError &&
    (post.error.status === 404 || post.error.status === 400);
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-4 py-16 text-center">
        <p className="text-lg font-medium">
          {missing ? blogMessages.notFound : blogMessages.errorLoadingBlogPost}
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          {missing ? null : (
            <Button
              variant="outline"
              onClick={() => void post.refetch()}
              disabled={post.isFetching}
            >
              Try again
            </Button>
          )}
          <Link to={paths.adminBlog.getHref()} className={buttonVariants()}>
            Back to all posts
          </Link>
        </div>
      </CardContent>
    </Card>
  );
}
