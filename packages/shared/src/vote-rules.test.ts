import { describe, expect, it } from 'vitest';
import { applyVote, score, voteChange } from './vote-rules.ts';

describe('applyVote', () => {
  const counts = { upvotes: 5, downvotes: 2 };

  it('adds a first vote', () => {
    expect(applyVote({ ...counts, myVote: null }, 'upvote')).toEqual({
      upvotes: 6,
      downvotes: 2,
      myVote: 'upvote',
    });
    expect(applyVote({ ...counts, myVote: null }, 'downvote')).toEqual({
      upvotes: 5,
      downvotes: 3,
      myVote: 'downvote',
    });
  });

  it('takes the same vote back', () => {
    expect(applyVote({ ...counts, myVote: 'upvote' }, 'upvote')).toEqual({
      upvotes: 4,
      downvotes: 2,
      myVote: null,
    });
  });

  it('moves a vote to the other side', () => {
    expect(applyVote({ ...counts, myVote: 'upvote' }, 'downvote')).toEqual({
      upvotes: 4,
      downvotes: 3,
      myVote: 'downvote',
    });
  });

  it('scores upvotes minus downvotes', () => {
    expect(score({ upvotes: 2, downvotes: 7 })).toBe(-5);
  });
});

describe('voteChange', () => {
  it('says how each counter moves, for the server to write', () => {
    expect(voteChange(null, 'upvote')).toEqual({ next: 'upvote', upvotes: 1, downvotes: 0 });
    expect(voteChange('upvote', 'upvote')).toEqual({ next: null, upvotes: -1, downvotes: 0 });
    expect(voteChange('upvote', 'downvote')).toEqual({
      next: 'downvote',
      upvotes: -1,
      downvotes: 1,
    });
  });
});
