import type { CommunityPost } from '@btcp/shared/community';
import { useVoteOnPost } from '../api/vote-on-post.ts';
import { BANNED_NOTICE, useBanned } from '../hooks/use-banned.ts';
import { authRequiredToast, voteErrorToast } from '../lib/vote-feedback.ts';
import { VoteControl } from './vote-control.tsx';

interface PostVoteControlProps {
  post: CommunityPost;
  /** false once the session says nobody is signed in; undefined while it is still being checked. */
  signedIn: boolean | undefined;
  orientation?: 'vertical' | 'horizontal';
  className?: string;
}

export function PostVoteControl({ post, signedIn, ...props }: PostVoteControlProps) {
  const vote = useVoteOnPost();
  const banned = useBanned();
  return (
    <VoteControl
      counts={post}
      busy={vote.isPending}
      lockedReason={banned ? BANNED_NOTICE : undefined}
      onVote={(type) => {
        if (signedIn === false) {
          authRequiredToast();
          return;
        }
        vote.mutate({ postId: post.id, type }, { onError: voteErrorToast });
      }}
      {...props}
    />
  );
}
