import { type CommunityPost, communityMessages } from '@btcp/shared/community';
import { Award, Share2 } from 'lucide-react';
import { toast } from '#web/lib/toast.ts';
import { sharePost } from '../lib/share-post.ts';

/**
 * Award (not built yet, so it says so) and Share, under a post in the list and on its own page.
 * Each place gives the buttons its own look.
 */
export function AwardAndShare({ post, className }: { post: CommunityPost; className: string }) {
  return (
    <>
      <button
        type="button"
        className={className}
        onClick={() => toast(communityMessages.comingSoon)}
      >
        <Award aria-hidden="true" className="size-4" />
        {communityMessages.award}
      </button>
      <button type="button" className={className} onClick={() => void sharePost(post)}>
        <Share2 aria-hidden="true" className="size-4" />
        {communityMessages.share}
      </button>
    </>
  );
}
