import type { AdminCommunityPost } from '@btcp/shared/community';
import { accountName, memberNameMessages } from '@btcp/shared/member-names';

type Author = Pick<AdminCommunityPost, 'authorUsername' | 'authorMemberTag'>;

/** As the community names the author (decision 055): the username, "Member #<tag>", or "Deleted account". */
export function authorLabel(post: Author): string {
  return post.authorMemberTag
    ? accountName({ username: post.authorUsername, memberTag: post.authorMemberTag })
    : memberNameMessages.deletedAccount;
}

export function postScore(post: Pick<AdminCommunityPost, 'upvotes' | 'downvotes'>): number {
  return post.upvotes - post.downvotes;
}
