import { type AdminCommunityPost, communityMessages } from '@btcp/shared/community';

/** The username; 'Anonymous User' when the author chose none; 'Unknown' when the account is gone. */
export function authorLabel(post: Pick<AdminCommunityPost, 'authorUsername' | 'authorEmail'>) {
  if (post.authorUsername) return post.authorUsername;
  return post.authorEmail ? communityMessages.anonymousUser : communityMessages.unknownAuthor;
}

export function postScore(post: Pick<AdminCommunityPost, 'upvotes' | 'downvotes'>): number {
  return post.upvotes - post.downvotes;
}
