import { communityMessages } from '@btcp/shared';
import type { FastifyRequest } from 'fastify';
import type { Config } from '#server/config.ts';
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

/**
 * D5: the signed-in user's id once their per-account limit on posting, uploading or commenting lets
 * the action through (429 with Retry-After otherwise).
 */
export async function rateLimitedAuthor(
  request: FastifyRequest,
  action: Exclude<CommunityAction, 'vote'>,
): Promise<string> {
  const userId = signedInUser(request).id;
  const { db, clock, config } = request.server;
  const rule = ruleFor(action, config);
  await enforceRateLimit(db, rule, userId, clock.now(), communityMessages.tooManyRequests);
  return userId;
}
