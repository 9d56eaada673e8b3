import type { CommunityPost } from '@btcp/shared/community';
import { MessageSquare } from 'lucide-react';
import { LocalTime } from '#web/components/local-time.tsx';
import { buttonVariants } from '#web/components/ui/button.tsx';
import { LeadImage } from '#web/components/ui/lead-image.tsx';
import { formatLongDateTime } from '#web/lib/format.ts';
import { useEditToggle } from '../hooks/use-edit-toggle.ts';
import { commentsLabel } from '../lib/format.ts';
import { BannedBadge, NameBadges, PostedBy } from './author-name.tsx';
import { AwardAndShare } from './award-and-share.tsx';
import { DeletePostButton } from './delete-post-button.tsx';
import { EditButton } from './edit-button.tsx';
import { EditPostForm } from './edit-post-form.tsx';
import { EditedMark } from './edited-mark.tsx';
import { LinkifiedParagraphs } from './linkified-text.tsx';
import { TopicChip } from './post-card.tsx';
import { PostFrame, PostFrameSkeleton } from './post-frame.tsx';
import { ReportButton } from './report-button.tsx';
import { StatusBadge } from './status-badge.tsx';

/** The community post page: the whole post, with its votes and, for its author, Delete. */
export function PostDetail({ post }: { post: CommunityPost }) {
  const editor = useEditToggle();
  return (
    <PostFrame post={post} size="page">
      <div className="grid gap-3">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
          <PostedBy author={post.author} />
          <NameBadges mine={post.isMine} />
          <span aria-hidden="true">•</span>
          <LocalTime dateTime={post.createdAt} format={formatLongDateTime} />
          <EditedMark kind="post" item={post} />
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
      {editor.editing ? (
        <EditPostForm post={post} onClose={editor.close} />
      ) : (
        <LinkifiedParagraphs text={post.content} />
      )}
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
        <ReportButton itemType="post" itemId={post.id} isMine={post.isMine} />
        {post.isMine ? (
          <div className="ml-auto flex gap-1">
            <EditButton label="Edit post" editor={editor} />
            <DeletePostButton postId={post.id} />
          </div>
        ) : null}
      </div>
    </PostFrame>
  );
}

export function PostDetailSkeleton() {
  return (
    <PostFrameSkeleton
      size="page"
      status={
        <p role="status" className="sr-only">
          Loading post...
        </p>
      }
      lines={['h-4 w-64', 'h-8 w-3/4', 'h-4 w-full', 'h-4 w-full', 'h-4 w-2/3']}
    />
  );
}
