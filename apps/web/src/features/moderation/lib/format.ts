import { type AdminCommunityPost, communityMessages } from '@btcp/shared/community';

const postDate = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** 'Nov 22, 2026, 3:04 PM': short month, day, year, hour and minute in US English (spec). */
export function formatPostDate(iso: string): string {
  return postDate.format(new Date(iso));
}

/** The username; 'Anonymous User' when the author chose none; 'Unknown' when the account is gone. */
export function authorLabel(post: Pick<AdminCommunityPost, 'authorUsername' | 'authorEmail'>) {
  if (post.authorUsername) return post.authorUsername;
  return post.authorEmail ? communityMessages.anonymousUser : communityMessages.unknownAuthor;
}

export function postScore(post: Pick<AdminCommunityPost, 'upvotes' | 'downvotes'>): number {
  return post.upvotes - post.downvotes;
}
