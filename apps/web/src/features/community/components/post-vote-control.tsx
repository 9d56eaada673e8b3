import type { CommunityPost } from '@btcp/shared/community';
import { useVoteOnPost } from '../api/vote-on-post.ts';
import { useVoteGate } from '../hooks/use-vote-gate.ts';
import { voteErrorToast } from '../lib/vote-feedback.ts';
import { VoteControl } from './vote-control.tsx';

interface PostVoteControlProps {
  post: CommunityPost;
  orientation?: 'vertical' | 'horizontal';
  className?: string;
}

export function PostVoteControl({ post, ...props }: PostVoteControlProps) {
  const vote = useVoteOnPost();
  const gate = useVoteGate((type) =>
    vote.mutate({ postId: post.id, type }, { onError: voteErrorToast }),
  );
  return <VoteControl counts={post} busy={vote.isPending} {...gate} {...props} />;
}
