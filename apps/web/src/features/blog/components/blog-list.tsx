import { blogMessages } from '@btcp/shared/blog';
import { paths } from '@btcp/shared/paths';
import { Newspaper } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, buttonVariants } from '#web/components/ui/button.tsx';
import { ListPagination } from '#web/components/ui/pagination.tsx';
import { useErrorToast } from '#web/hooks/use-error-toast.ts';
import { useBlogPosts } from '../api/get-blog-posts.ts';
import { usePageParam } from '../hooks/use-page-param.ts';
import { BlogPostCard, BlogPostCardSkeleton } from './blog-post-card.tsx';

const SKELETON_CARDS = 4;
const grid = 'grid gap-6 md:grid-cols-2 lg:gap-8';

function Message({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border px-6 py-16 text-center">
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-muted">
        <Newspaper aria-hidden="true" className="size-6 text-muted-foreground" />
      </span>
      <p className="text-lg font-medium">{title}</p>
      {children}
    </div>
  );
}

/** The blog list: published posts as cards, two columns from tablet width up, paged by URL. */
export function BlogList() {
  const [page, setPage] = usePageParam();
  const posts = useBlogPosts(page);
  useErrorToast(
    blogMessages.errorLoadingPosts,
    posts.error,
    posts.errorUpdatedAt,
    blogMessages.errorLoadingPostsDescription,
  );
  const data = posts.data;

  const goTo = (next: number) => {
    setPage(next);
    window.scrollTo({ top: 0, behavior: 'instant' });
  };

  if (posts.isPending) {
    return (
      <div>
        <p role="status" className="sr-only">
          Loading blog posts...
        </p>
        <div className={grid}>
          {Array.from({ length: SKELETON_CARDS }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders with nothing else to tell them apart
            <BlogPostCardSkeleton key={index} />
          ))}
        </div>
      </div>
    );
  }

  if (!data) {
    return (
      <Message title={blogMessages.errorLoadingPostsDescription}>
        <Button variant="outline" onClick={() => void posts.refetch()} disabled={posts.isFetching}>
          Try again
        </Button>
      </Message>
    );
  }

  if (data.total === 0) {
    return (
      <Message title={blogMessages.empty}>
        <p className="text-muted-foreground">{blogMessages.emptyHint}</p>
      </Message>
    );
  }

  return (
    <div className="grid gap-10">
      {data.items.length === 0 ? (
        // A page past the end, from an old link: the posts are still there, one click away.
        <Message title="There are no posts on this page.">
          <Link to={paths.blog.getHref()} className={buttonVariants({ variant: 'outline' })}>
            Go to the first page
          </Link>
        </Message>
      ) : (
        <div className={grid} aria-busy={posts.isPlaceholderData || undefined}>
          {data.items.map((post, index) => (
            <BlogPostCard key={post.id} post={post} first={index === 0} />
          ))}
        </div>
      )}
      <ListPagination
        label="Blog pages"
        query={posts}
        page={page}
        onPageChange={goTo}
        className="text-sm"
      />
    </div>
  );
}
