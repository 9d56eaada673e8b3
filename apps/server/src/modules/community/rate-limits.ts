import { communityMessages, ErrorCode, memberNameMessages } from '@btcp/shared';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { profiles } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import {
  enforceRateLimit,
  hitOf,
  type RateLimitHit,
  type RateLimitRule,
} from '#server/lib/rate-limit.ts';
import { signedInUser } from '#server/modules/auth/index.ts';

type CommunityAction = 'post' | 'image' | 'comment' | 'edit' | 'vote' | 'report';

function ruleFor(action: CommunityAction, config: Config): RateLimitRule {
  switch (action) {
    case 'post':
      return {
        name: 'community-post:user',
        max: config.RATE_LIMIT_COMMUNITY_POSTS_PER_HOUR,
        windowSeconds: 3600,
      };
    case 'image':
      // Counted apart from posts, so a post with an image costs one of each.
      return {
        name: 'community-image:user',
        max: config.RATE_LIMIT_COMMUNITY_POSTS_PER_HOUR,
        windowSeconds: 3600,
      };
    case 'comment':
      return {
        name: 'community-comment:user',
        max: config.RATE_LIMIT_COMMUNITY_COMMENTS_PER_HOUR,
        windowSeconds: 3600,
      };
    case 'edit':
      // Edits of posts and comments together, as often as comments may be written.
      return {
        name: 'community-edit:user',
        max: config.RATE_LIMIT_COMMUNITY_COMMENTS_PER_HOUR,
        windowSeconds: 3600,
      };
    case 'report':
      return {
        name: 'community-report:user',
        max: config.RATE_LIMIT_COMMUNITY_REPORTS_PER_HOUR,
        windowSeconds: 3600,
      };
    case 'vote':
      return {
        name: 'community-vote:user',
        max: config.RATE_LIMIT_COMMUNITY_VOTES_PER_MINUTE,
        windowSeconds: 60,
      };
  }
}

/** D5: the voter's hit on the vote limit, for the vote's own statement to count. */
export function voteHit(config: Config, userId: string, now: Date): RateLimitHit {
  return hitOf(ruleFor('vote', config), userId, now);
}

/** What puts new words under the member's name (an image is checked once its upload is read). */
const NAMED_ACTIONS: ReadonlySet<CommunityAction> = new Set(['post', 'comment']);

/**
 * Decision 055: a first post or comment waits for a username, and the composer asks for one when
 * it sees this code. Checked before the limit, so a refusal costs none of it.
 */
export async function assertHasUsername(db: Database, userId: string): Promise<void> {
  const [profile] = await db
    .select({ username: profiles.username })
    .from(profiles)
    .where(eq(profiles.id, userId));
  if (!profile?.username) {
    throw new AppError(403, ErrorCode.usernameRequired, memberNameMessages.usernameRequired);
  }
}

/**
 * D5: the signed-in user's id once their per-account limit on posting, uploading or commenting lets
 * the action through (429 with Retry-After otherwise); a post or a comment also needs a username.
 */
export async function rateLimitedAuthor(
  request: FastifyRequest,
  action: Exclude<CommunityAction, 'vote'>,
): Promise<string> {
  const userId = signedInUser(request).id;
  const { db, clock, config } = request.server;
  if (NAMED_ACTIONS.has(action)) await assertHasUsername(db, userId);
  const rule = ruleFor(action, config);
  await enforceRateLimit(db, rule, userId, clock.now(), communityMessages.tooManyRequests);
  return userId;
}
