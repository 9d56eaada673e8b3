/**
 * How the community names a member (decision 055): by their username; without one, "Member #" and
 * a short tag the server derives from the account (stable, and neither the id nor a sign-up
 * order); a deleted account, or one that is gone, as "Deleted account". Zod-free, so every page
 * that shows a name loads no zod.
 */

/** The characters of a member tag: the first hex digits of a hash of the account's id. */
export const MEMBER_TAG_LENGTH = 6;

export const memberNameMessages = {
  deletedAccount: 'Deleted account',
  memberLabel: (tag: string) => `Member #${tag}`,
  /** The badge on the reader's own posts and comments, and what it reads out. */
  you: 'you',
  youDescription: '(you)',
  /** The badge on the original poster's comments in their post's thread. */
  originalPoster: 'OP',
  originalPosterDescription: '(original poster)',
  usernameRequired: 'Choose a username to post',
  usernameRequiredDescription:
    'Posts and comments carry your username. Choose one now; you can change it later in Settings.',
  usernameLabel: 'Username',
  usernameHint: '3 to 30 letters, digits or underscores.',
  saveAndPost: 'Save and post',
  saveAndComment: 'Save and comment',
  saving: 'Saving...',
} as const;

/** What a name is made from: the username, else the tag. */
export interface NamedMember {
  username: string | null;
  memberTag: string;
}

/** The name without the community's "u/": "alice" or "Member #3fa9c1", as staff tables show it. */
export function accountName(member: NamedMember): string {
  return member.username ?? memberNameMessages.memberLabel(member.memberTag);
}

/** "u/alice", "Member #3fa9c1", or "Deleted account" for no member (deleted or gone). */
export function memberName(member: NamedMember | null): string {
  if (!member) return memberNameMessages.deletedAccount;
  return member.username
    ? `u/${member.username}`
    : memberNameMessages.memberLabel(member.memberTag);
}
