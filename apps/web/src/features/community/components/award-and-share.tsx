import { type CommunityPost, communityMessages } from '@btcp/shared/community';
import { Award, Share2 } from 'lucide-react';
import { UnavailableButton } from '#web/components/ui/unavailable-button.tsx';
import { sharePost } from '../lib/share-post.ts';

/**
 * Award (not built yet, so it is shown unavailable with the reason on it) and Share, under a post in the list and on its own page.
 * Each place gives the buttons its own look.
 */
export function AwardAndShare({ post, className }: { post: CommunityPost; className: string }) {
  return (
    <>
      <UnavailableButton reason={communityMessages.notAvailableYet} className={className}>
        <Award aria-hidden="true" className="size-4" />
        {communityMessages.award}
      </UnavailableButton>
      <button type="button" className={className} onClick={() => void sharePost(post)}>
        <Share2 aria-hidden="true" className="size-4" />
        {communityMessages.share}
      </button>
    </>
  );
}
