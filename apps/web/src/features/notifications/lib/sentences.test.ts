import type { Notification } from '@btcp/shared/notifications';
import { describe, expect, it } from 'vitest';
import { badgeText, notificationReason, notificationSentence } from './sentences.ts';

const base: Notification = {
  id: 'n1',
  kind: 'reply',
  createdAt: '2026-01-01T00:00:00.000Z',
  readAt: null,
  actor: { username: 'alice', memberTag: '3fa9c1' },
  postId: 'p1',
  commentId: 'c1',
  repliedTo: 'post',
  details: { postTitle: 'Title', excerpt: 'Hello', action: null, reason: null },
};

const moderation = (action: string, reason: string | null = null): Notification => ({
  ...base,
  kind: 'moderation',
  actor: null,
  repliedTo: null,
  details: { postTitle: 'Title', excerpt: 'Hello', action, reason },
});

describe('notificationSentence', () => {
  it('tells of a reply to a post or to a comment', () => {
    expect(notificationSentence(base)).toBe('u/alice replied to your post “Title”');
    expect(
      notificationSentence({
        ...base,
        actor: { username: 'bob', memberTag: '0b7e42' },
        repliedTo: 'comment',
      }),
    ).toBe('u/bob replied to your comment on “Title”');
  });

  it('names a member without a username or a deleted account as the community does', () => {
    expect(notificationSentence({ ...base, actor: { username: null, memberTag: '3fa9c1' } })).toBe(
      'Member #3fa9c1 replied to your post “Title”',
    );
    expect(notificationSentence({ ...base, actor: null })).toBe(
      'Deleted account replied to your post “Title”',
    );
  });

  it('tells of a moderator’s action with its reason', () => {
    const removed = moderation('post.removed', 'Spam');
    expect(notificationSentence(removed)).toBe('A moderator removed your post “Title”');
    expect(notificationReason(removed)).toBe('Reason: Spam');
    expect(notificationSentence(moderation('comment.delete'))).toBe(
      'A moderator deleted your comment on “Title”',
    );
    expect(notificationSentence(moderation('post.flagged'))).toBe(
      'A moderator flagged your post “Title”',
    );
    expect(notificationSentence(moderation('post.active'))).toBe(
      'A moderator restored your post “Title”',
    );
    expect(notificationReason(moderation('post.removed'))).toBeNull();
    expect(notificationReason(base)).toBeNull();
  });
});

describe('badgeText', () => {
  it('caps at 99+', () => {
    expect(badgeText(3, 99)).toBe('3');
    expect(badgeText(99, 99)).toBe('99');
    expect(badgeText(100, 99)).toBe('99+');
  });
});
