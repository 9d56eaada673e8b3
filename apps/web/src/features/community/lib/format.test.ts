import { memberName } from '@btcp/shared/member-names';
import { describe, expect, it } from 'vitest';
import { commentsLabel, excerpt, isCut } from './format.ts';

describe('excerpt', () => {
  it('keeps a short text whole and cuts a long one at 150 characters', () => {
    expect(excerpt('Short post')).toBe('Short post');
    expect(excerpt('x'.repeat(150))).toBe('x'.repeat(150));
    expect(excerpt('y'.repeat(151))).toBe(`${'y'.repeat(150)}...`);
  });

  it('never cuts a character in half', () => {
    expect(excerpt(`${'a'.repeat(149)}🚀🚀`)).toBe(`${'a'.repeat(149)}🚀...`);
  });
});

describe('memberName', () => {
  it('names the author, a member without a username by tag, and a deleted account', () => {
    expect(memberName({ username: 'satoshi', memberTag: '3fa9c1' })).toBe('u/satoshi');
    expect(memberName({ username: null, memberTag: '3fa9c1' })).toBe('Member #3fa9c1');
    expect(memberName(null)).toBe('Deleted account');
  });
});

describe('commentsLabel and isCut', () => {
  it('says "1 Comment" but "N Comments", and offers more only when the text was cut', () => {
    expect(commentsLabel(1)).toBe('1 Comment');
    expect(commentsLabel(0)).toBe('0 Comments');
    expect(commentsLabel(2)).toBe('2 Comments');
    expect(isCut('short')).toBe(false);
    expect(isCut('x'.repeat(151))).toBe(true);
  });
});
