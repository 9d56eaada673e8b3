import type { CommunityPost } from '@btcp/shared/community';
import { MessageSquare } from 'lucide-react';
import { LocalTime } from '#web/components/local-time.tsx';
import { buttonVariants } from '#web/components/ui/button.tsx';
import { LeadImage } from '#web/components/ui/lead-image.tsx';
import { SkeletonStack } from '#web/components/ui/skeleton.tsx';
import { formatLongDateTime } from '#web/lib/format.ts';
import { commentsLabel } from '../lib/format.ts';
import { BannedBadge, PostedBy } from './author-name.tsx';
import { AwardAndShare } from './award-and-share.tsx';
import { DeletePostButton } from './delete-post-button.tsx';
import { LinkifiedParagraphs } from './linkified-text.tsx';
import { TopicChip } from './post-card.tsx';
import { PostVoteControl } from './post-vote-control.tsx';
import { StatusBadge } from './status-badge.tsx';

/** The community post page: the whole post, with its votes and, for its author, Delete. */
export function PostDetail({ post }: { post: CommunityPost }) {
  return (
    <article className="flex gap-2 rounded-xl border border-border bg-card p-4 text-card-foreground shadow-sm sm:gap-4 sm:p-6">
      <PostVoteControl post={post} className="-mt-1" />
      <div className="grid min-w-0 flex-1 gap-4">
        <div className="grid gap-3">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
            <PostedBy author={post.author} />
            <span aria-hidden="true">•</span>
            <LocalTime dateTime={post.createdAt} format={formatLongDateTime} />
            <BannedBadge author={post.author} />
            <StatusBadge status={post.status} />
            <TopicChip topic={post.topic} />
          </div>
          <h1 className="text-2xl leading-tight font-bold tracking-tight sm:text-3xl">
            {post.title}
          </h1>
        </div>
        {post.imageUrl ? (
          <LeadImage
            image={{
              url: post.imageUrl,
              cardUrl: post.imageCardUrl,
              width: post.imageWidth,
              height: post.imageHeight,
            }}
            sizes="(min-width: 768px) 640px, 100vw"
            alt={post.title}
            className="max-h-[70vh] w-full rounded-lg border border-border bg-muted object-contain"
          />
        ) : null}
        <LinkifiedParagraphs text={post.content} />
        <div className="-ml-2 flex flex-wrap items-center gap-1 text-muted-foreground">
          <span className="inline-flex h-9 items-center gap-1.5 px-2 text-sm font-medium">
            <MessageSquare aria-hidden="true" className="size-4" />
            {commentsLabel(post.commentCount)}
          </span>
          <AwardAndShare
            post={post}
            className={buttonVariants({
              variant: 'ghost',
              size: 'sm',
              className: 'text-muted-foreground',
            })}
          />
          {post.isMine ? (
            <div className="ml-auto">
              <DeletePostButton postId={post.id} />
            </div>
          ) : null}
        </div>
      </div>
    </article>
  );
}

export function PostDetailSkeleton() {
  return (
    <div className="flex gap-4 rounded-xl border border-border bg-card p-6">
      <p role="status" className="sr-only">
        Loading post...
      </p>
      <SkeletonStack
        className="flex flex-col items-center gap-2"
        lines={['size-7', 'h-4 w-6', 'size-7']}
      />
      <SkeletonStack
        className="grid flex-1 gap-4"
        lines={['h-4 w-64', 'h-8 w-3/4', 'h-4 w-full', 'h-4 w-full', 'h-4 w-2/3']}
      />
    </div>
  );
}
