import { communityMessages, ErrorCode } from '@btcp/shared';
import type { FastifyRequest } from 'fastify';
import type { Config } from '#server/config.ts';
import { AppError } from '#server/errors.ts';
import { enforceRateLimit, type RateLimitRule } from '#server/lib/rate-limit.ts';

type CommunityAction = 'post' | 'image' | 'comment' | 'vote';

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
    case 'vote':
      return {
        name: 'community-vote:user',
        max: config.RATE_LIMIT_COMMUNITY_VOTES_PER_MINUTE,
        windowSeconds: 60,
      };
  }
}

/** A hit on a rate limit that a statement of the caller's counts (as `enforceRateLimit` would). */
export interface RateLimitHit {
  key: string;
  windowStart: Date;
  windowEnd: Date;
  max: number;
  now: Date;
}

/** D5: the voter's hit on the vote limit, for the vote's own statement to count. */
export function voteHit(config: Config, userId: string, now: Date): RateLimitHit {
  const rule = ruleFor('vote', config);
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = Math.floor(now.getTime() / windowMs) * windowMs;
  return {
    key: `${rule.name}:${userId}`,
    windowStart: new Date(windowStart),
    windowEnd: new Date(windowStart + windowMs),
    max: rule.max,
    now,
  };
}

/** The 429 of a hit past its limit, with the seconds until its window ends. */
export function tooManyRequests(hit: RateLimitHit): AppError {
  const retryAfter = Math.max(1, Math.ceil((hit.windowEnd.getTime() - hit.now.getTime()) / 1000));
  return new AppError(429, ErrorCode.rateLimited, communityMessages.tooManyRequests, undefined, {
    'retry-after': String(retryAfter),
  });
}

/** D5: per-account limits on posting, uploading, commenting and voting (429 with Retry-After). */
export async function enforceCommunityRateLimit(
  request: FastifyRequest,
  action: CommunityAction,
  userId: string,
): Promise<void> {
  const { db, clock, config } = request.server;
  try {
    await enforceRateLimit(db, ruleFor(action, config), userId, clock.now());
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 429) {
      throw new AppError(
        429,
        error.code,
        communityMessages.tooManyRequests,
        undefined,
        error.headers,
      );
    }
    throw error;
  }
}
