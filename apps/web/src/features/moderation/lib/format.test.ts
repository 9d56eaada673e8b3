import { describe, expect, it } from 'vitest';
import { authorLabel, postScore } from './format.ts';

describe('moderation formats', () => {
  it('names the author, an anonymous one, or an unknown one', () => {
    expect(authorLabel({ authorUsername: 'satoshi', authorEmail: 's@example.com' })).toBe(
      'satoshi',
    );
    expect(authorLabel({ authorUsername: null, authorEmail: 's@example.com' })).toBe(
      'Anonymous User',
    );
    expect(authorLabel({ authorUsername: null, authorEmail: null })).toBe('Unknown');
  });

  it('scores a post as upvotes minus downvotes', () => {
    expect(postScore({ upvotes: 3, downvotes: 5 })).toBe(-2);
  });
});
