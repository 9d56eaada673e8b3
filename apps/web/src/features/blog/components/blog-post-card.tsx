import { type BlogPostSummary, blogMessages } from '@btcp/shared/blog';
import { paths } from '@btcp/shared/paths';
import { ImageOff } from 'lucide-react';
import { Link } from 'react-router';
import { LocalTime } from '#web/components/local-time.tsx';
import { Skeleton, SkeletonStack } from '#web/components/ui/skeleton.tsx';
import { formatShortDate } from '#web/lib/format.ts';
import { cardImageLoading } from '#web/lib/image-sources.ts';

const frame =
  'relative flex flex-col overflow-hidden rounded-xl border border-border bg-card text-card-foreground shadow-sm';

function NoImage() {
  return (
    <div className="flex aspect-video w-full flex-col items-center justify-center gap-2 bg-muted text-muted-foreground">
      <ImageOff aria-hidden="true" className="size-8" />
      <span className="text-sm">{blogMessages.noImage}</span>
    </div>
  );
}

/**
 * One post in the list. The title's link stretches over the whole card, so the card is one click
 * target while a screen reader hears a link named by the title alone.
 */
export function BlogPostCard({ post, first = false }: { post: BlogPostSummary; first?: boolean }) {
  const cover = post.coverImageCard ?? post.coverImage;
  return (
    <article
      className={`${frame} group transition-shadow hover:shadow-md has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-ring`}
    >
      {cover ? (
        <img
          src={cover}
          alt={post.title}
          {...cardImageLoading(first)}
          decoding="async"
          className="aspect-video w-full bg-muted object-cover"
        />
      ) : (
        <NoImage />
      )}
      <div className="flex flex-1 flex-col gap-2 p-5 sm:p-6">
        <h2 className="text-xl leading-snug font-semibold tracking-tight">
          <Link
            to={paths.blogPost.getHref(post.id)}
            className="transition-colors group-hover:text-primary after:absolute after:inset-0 focus-visible:outline-none"
          >
            {post.title}
          </Link>
        </h2>
        {post.subtitle ? (
          <p className="font-medium text-muted-foreground">{post.subtitle}</p>
        ) : null}
        <p className="text-sm leading-relaxed text-muted-foreground">{post.excerpt}</p>
        <p className="mt-auto pt-2 text-sm text-muted-foreground">
          <LocalTime dateTime={post.createdAt} format={formatShortDate} />
        </p>
      </div>
    </article>
  );
}

export function BlogPostCardSkeleton() {
  return (
    <div className={frame} data-testid="blog-card-skeleton">
      <Skeleton className="aspect-video w-full rounded-none" />
      <SkeletonStack
        className="grid gap-3 p-5 sm:p-6"
        lines={['h-6 w-3/4', 'h-4 w-1/2', 'h-4 w-full', 'h-4 w-5/6', 'mt-2 h-4 w-24']}
      />
    </div>
  );
}
