import type { VoteType } from './community.ts';

/**
 * The vote state machine (D1), for both sides: the server applies it to the database,
 * the browser to show a click at once (the server's answer wins). Zod-free.
 */
export interface VoteChange {
  /** The voter's vote afterwards. */
  next: VoteType | null;
  upvotes: -1 | 0 | 1;
  downvotes: -1 | 0 | 1;
}

/** none → up or down; the same vote again → none; the opposite vote → switch. */
export function voteChange(current: VoteType | null, requested: VoteType): VoteChange {
  const next = current === requested ? null : requested;
  const moved = (type: VoteType) =>
    ((next === type ? 1 : 0) - (current === type ? 1 : 0)) as VoteChange['upvotes'];
  return { next, upvotes: moved('upvote'), downvotes: moved('downvote') };
}

export interface VoteCounts {
  upvotes: number;
  downvotes: number;
  myVote: VoteType | null;
}

/** An item's counts and the reader's vote after the reader votes `type`. */
export function applyVote<T extends VoteCounts>(item: T, type: VoteType): T {
  const change = voteChange(item.myVote, type);
  return {
    ...item,
    upvotes: item.upvotes + change.upvotes,
    downvotes: item.downvotes + change.downvotes,
    myVote: change.next,
  };
}

export const score = ({ upvotes, downvotes }: Pick<VoteCounts, 'upvotes' | 'downvotes'>): number =>
  upvotes - downvotes;
