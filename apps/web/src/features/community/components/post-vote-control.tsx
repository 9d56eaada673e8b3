import type { CommunityPost } from '@btcp/shared/community';
import { useSignedIn } from '../../../lib/session.ts';
import { useVoteOnPost } from '../api/vote-on-post.ts';
import { BANNED_NOTICE, useBanned } from '../hooks/use-banned.ts';
import { authRequiredToast, voteErrorToast } from '../lib/vote-feedback.ts';
import { VoteControl } from './vote-control.tsx';

interface PostVoteControlProps {
  post: CommunityPost;
  orientation?: 'vertical' | 'horizontal';
  className?: string;
}

export function PostVoteControl({ post, ...props }: PostVoteControlProps) {
  // false once the session says nobody is signed in; undefined while it is still being checked.
  const signedIn = useSignedIn();
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
