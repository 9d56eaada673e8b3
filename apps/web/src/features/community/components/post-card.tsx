import {
  type CommunityPost,
  communityMessages,
  communityTopicLabels,
} from '@btcp/shared/community';
import { paths } from '@btcp/shared/paths';
import { MessageSquare } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { Badge } from '#web/components/ui/badge.tsx';
import { cardImageLoading, imageSources } from '#web/lib/image-sources.ts';
import { commentsLabel, excerpt, isCut } from '../lib/format.ts';
import { BannedBadge, NameBadges, PostedBy } from './author-name.tsx';
import { AwardAndShare } from './award-and-share.tsx';
import { EditedLabel } from './edited-label.tsx';
import { PostFrame, PostFrameSkeleton } from './post-frame.tsx';
import { RelativeTime } from './relative-time.tsx';

/** Comments, Award and Share: quiet text buttons under the post. */
const actionClass =
  'inline-flex h-8 items-center gap-1.5 rounded-md px-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring';

export function TopicChip({ topic }: { topic: CommunityPost['topic'] }) {
  if (!topic) return null;
  return (
    <Badge className="border-primary/30 bg-accent py-0.5 text-accent-foreground">
      {communityTopicLabels[topic]}
    </Badge>
  );
}

/** One post of the community list, as a card. */
export function PostCard({ post, first = false }: { post: CommunityPost; first?: boolean }) {
  const titleId = useId();
  const href = paths.communityPost.getHref(post.id);
  return (
    <PostFrame post={post} size="card" aria-labelledby={titleId}>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
        <PostedBy author={post.author} />
        <NameBadges mine={post.isMine} />
        <span aria-hidden="true">•</span>
        <RelativeTime value={post.createdAt} />
        <EditedLabel editedAt={post.editedAt} />
        <TopicChip topic={post.topic} />
        <BannedBadge author={post.author} />
      </div>
      <h2 id={titleId} className="text-lg leading-snug font-semibold">
        <Link to={href} className="hover:text-primary hover:underline">
          {post.title}
        </Link>
      </h2>
      {post.imageCardUrl ? (
        <img
          {...imageSources(
            {
              url: post.imageCardUrl,
              cardUrl: null,
              width: post.imageWidth,
              height: post.imageHeight,
            },
            '100vw',
          )}
          alt={post.title}
          {...cardImageLoading(first)}
          decoding="async"
          className="max-h-[28rem] w-full rounded-lg border border-border bg-muted object-contain"
        />
      ) : (
        <p className="text-sm leading-relaxed text-muted-foreground">
          {excerpt(post.content)}
          {isCut(post.content) ? (
            <>
              {' '}
              <Link to={href} className="font-medium text-primary hover:underline">
                {communityMessages.readMore}
              </Link>
            </>
          ) : null}
        </p>
      )}
      <div className="-ml-2 flex flex-wrap items-center gap-1">
        <Link to={href} className={actionClass}>
          <MessageSquare aria-hidden="true" className="size-4" />
          {commentsLabel(post.commentCount)}
        </Link>
        <AwardAndShare post={post} className={actionClass} />
      </div>
    </PostFrame>
  );
}

export function PostCardSkeleton() {
  return (
    <PostFrameSkeleton
      size="card"
      lines={['h-3 w-48', 'h-6 w-3/4', 'h-4 w-full', 'h-4 w-5/6', 'h-6 w-56']}
    />
  );
}
