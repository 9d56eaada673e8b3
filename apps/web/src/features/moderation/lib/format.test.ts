import { describe, expect, it } from 'vitest';
import { authorLabel, formatPostDate, postScore } from './format.ts';

describe('moderation formats', () => {
  it('writes a date as short month, day, year, hour and minute in US English', () => {
    const afternoon = new Date(2026, 10, 22, 15, 4).toISOString();
    // Newer ICU puts a narrow no-break space before PM.
    expect(formatPostDate(afternoon).replace(/\s/g, ' ')).toBe('Nov 22, 2026, 3:04 PM');
  });

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
