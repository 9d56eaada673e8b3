import { createHash } from 'node:crypto';
import { MEMBER_TAG_LENGTH } from '@btcp/shared';

/**
 * The tag of "Member #<tag>" (decision 055): the first hex digits of SHA-256 over the account's id
 * with a label of its own. Stable for the account's life, the same on every node with no secret
 * to share, and it reveals neither the id nor when the account signed up.
 */
export function memberTag(userId: string): string {
  return createHash('sha256')
    .update(`btcp member tag:${userId}`)
    .digest('hex')
    .slice(0, MEMBER_TAG_LENGTH);
}

/** The tag of an account that may be gone (null then, and its name is "Deleted account"). */
export const memberTagOf = (userId: string | null): string | null =>
  userId ? memberTag(userId) : null;
