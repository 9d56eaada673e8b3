import { ErrorCode } from '@btcp/shared';
import { lt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import { rateLimitHits } from '../db/schema.ts';
import { AppError } from '../errors.ts';

export interface RateLimitRule {
  /** What is limited, e.g. 'login:ip'; becomes part of the key. */
  name: string;
  max: number;
  windowSeconds: number;
}

/**
 * D5: fixed-window counters in the database, so every process shares them (ARCHITECTURE "Scale").
 * One upsert per check; throws a 429 with Retry-After once a key passes its limit.
 */
export async function enforceRateLimit(
  db: Database,
  rule: RateLimitRule,
  subject: string,
  now: Date,
): Promise<void> {
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const [row] = await db
    .insert(rateLimitHits)
    .values({ key: `${rule.name}:${subject}`, windowStart, hits: 1 })
    .onConflictDoUpdate({
      target: [rateLimitHits.key, rateLimitHits.windowStart],
      set: { hits: sql`${rateLimitHits.hits} + 1` },
    })
    .returning({ hits: rateLimitHits.hits });
  if ((row?.hits ?? 0) <= rule.max) return;
  const retryAfter = Math.max(
    1,
    Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000),
  );
  throw new AppError(
    429,
    ErrorCode.rateLimited,
    `Too many attempts. Please try again in ${retryAfter} seconds.`,
    undefined,
    { 'retry-after': String(retryAfter) },
  );
}

export async function purgeOldRateLimitWindows(db: Database, now: Date): Promise<void> {
  await db
    .delete(rateLimitHits)
    .where(lt(rateLimitHits.windowStart, new Date(now.getTime() - 86_400_000)));
}

/**
 * D5 for the authentication routes: one limit per IP and, where the request names one, one per
 * account (its email address), from the RATE_LIMIT_* settings.
 */
export async function enforceAuthRateLimits(
  request: FastifyRequest,
  action: string,
  email?: string,
): Promise<void> {
  const { db, clock, config } = request.server;
  const windowSeconds = config.RATE_LIMIT_WINDOW_SECONDS;
  const now = clock.now();
  await enforceRateLimit(
    db,
    { name: `${action}:ip`, max: config.RATE_LIMIT_AUTH_PER_IP, windowSeconds },
    request.ip,
    now,
  );
  if (email) {
    await enforceRateLimit(
      db,
      { name: `${action}:account`, max: config.RATE_LIMIT_AUTH_PER_ACCOUNT, windowSeconds },
      email.toLowerCase(),
      now,
    );
  }
}
