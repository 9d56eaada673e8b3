import type { CommunityPost } from '@btcp/shared/community';
import type { ComponentProps, ReactNode } from 'react';
import { SkeletonStack } from '#web/components/ui/skeleton.tsx';
import { PostVoteControl } from './post-vote-control.tsx';

/** The list's card and the post's own page share one frame; the page's is roomier. */
const frames = {
  card: {
    article:
      'flex gap-2 rounded-xl border border-border bg-card p-3 text-card-foreground shadow-sm sm:gap-3 sm:p-4',
    body: 'grid min-w-0 flex-1 gap-2',
    placeholder: 'flex gap-3 rounded-xl border border-border bg-card p-4',
    placeholderBody: 'grid flex-1 gap-3',
  },
  page: {
    article:
      'flex gap-2 rounded-xl border border-border bg-card p-4 text-card-foreground shadow-sm sm:gap-4 sm:p-6',
    body: 'grid min-w-0 flex-1 gap-4',
    placeholder: 'flex gap-4 rounded-xl border border-border bg-card p-6',
    placeholderBody: 'grid flex-1 gap-4',
  },
};

type FrameSize = keyof typeof frames;

interface PostFrameProps extends Omit<ComponentProps<'article'>, 'className'> {
  post: CommunityPost;
  size: FrameSize;
}

/** A post beside its vote column. */
export function PostFrame({ post, size, children, ...article }: PostFrameProps) {
  return (
    <article {...article} className={frames[size].article}>
      <PostVoteControl post={post} className="-mt-1" />
      <div className={frames[size].body}>{children}</div>
    </article>
  );
}

/** A post's placeholder while it loads: the vote column, then bars of the post's `lines`. */
export function PostFrameSkeleton({
  size,
  lines,
  status,
}: {
  size: FrameSize;
  lines: readonly string[];
  /** Told to screen readers while the post loads. */
  status?: ReactNode;
}) {
  return (
    <div className={frames[size].placeholder}>
      {status}
      <SkeletonStack
        className="flex flex-col items-center gap-2"
        lines={['size-7', 'h-4 w-6', 'size-7']}
      />
      <SkeletonStack className={frames[size].placeholderBody} lines={lines} />
    </div>
  );
}
