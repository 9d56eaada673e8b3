import { describe, expect, it } from 'vitest';
import { authorLabel, postScore } from './format.ts';

describe('moderation formats', () => {
  it('names the author as the community does: username, member tag, or a deleted account', () => {
    expect(authorLabel({ authorUsername: 'satoshi', authorMemberTag: '3fa9c1' })).toBe('satoshi');
    expect(authorLabel({ authorUsername: null, authorMemberTag: '3fa9c1' })).toBe('Member #3fa9c1');
    expect(authorLabel({ authorUsername: null, authorMemberTag: null })).toBe('Deleted account');
  });

  it('scores a post as upvotes minus downvotes', () => {
    expect(postScore({ upvotes: 3, downvotes: 5 })).toBe(-2);
  });
});
