import type { VoteType } from '@btcp/shared/community';

export interface VoteCounts {
  upvotes: number;
  downvotes: number;
  myVote: VoteType | null;
}

const counter = { upvote: 'upvotes', downvote: 'downvotes' } as const;

/**
 * Spec §4 "Vote", as the server applies it: a first vote adds one, the same vote again takes it
 * back, the opposite vote moves it. Only used to show a click at once; the server's answer wins (D1).
 */
export function applyVote<T extends VoteCounts>(item: T, type: VoteType): T {
  const next = { ...item };
  if (item.myVote) next[counter[item.myVote]] -= 1;
  if (item.myVote === type) {
    next.myVote = null;
    return next;
  }
  next[counter[type]] += 1;
  next.myVote = type;
  return next;
}

export const score = ({ upvotes, downvotes }: VoteCounts): number => upvotes - downvotes;
