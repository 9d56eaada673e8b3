import { ErrorCode } from '@btcp/shared';
import { and, eq, lt, sql } from 'drizzle-orm';
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
  const { windowMs, windowStart } = windowOf(rule, now);
  const hits = await countHit(db, rule, subject, windowStart);
  if (hits > rule.max) throw tooMany(windowStart, windowMs, now);
}

function windowOf(rule: RateLimitRule, now: Date) {
  const windowMs = rule.windowSeconds * 1000;
  return { windowMs, windowStart: new Date(Math.floor(now.getTime() / windowMs) * windowMs) };
}

async function countHit(db: Database, rule: RateLimitRule, subject: string, windowStart: Date) {
  const [row] = await db
    .insert(rateLimitHits)
    .values({ key: `${rule.name}:${subject}`, windowStart, hits: 1 })
    .onConflictDoUpdate({
      target: [rateLimitHits.key, rateLimitHits.windowStart],
      set: { hits: sql`${rateLimitHits.hits} + 1` },
    })
    .returning({ hits: rateLimitHits.hits });
  return row?.hits ?? 0;
}

function tooMany(windowStart: Date, windowMs: number, now: Date): AppError {
  const retryAfter = Math.max(
    1,
    Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000),
  );
  return new AppError(
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

/**
 * Failed sign-ins are counted per account AND address together (docs/decisions/012): ten wrong
 * passwords from one address stop that address guessing at that account, while the owner signing
 * in from anywhere else is not locked out. The per-address limit on all attempts still applies.
 */
function failureRule(request: FastifyRequest, action: string): RateLimitRule {
  const { config } = request.server;
  return {
    name: `${action}:failures`,
    max: config.RATE_LIMIT_AUTH_PER_ACCOUNT,
    windowSeconds: config.RATE_LIMIT_WINDOW_SECONDS,
  };
}

const failureSubject = (request: FastifyRequest, email: string) =>
  `${email.toLowerCase()}|${request.ip}`;

/** Refuses (429) an address that already failed too often at this account in this window. */
export async function enforceFailureLimit(
  request: FastifyRequest,
  action: string,
  email: string,
): Promise<void> {
  const { db, clock } = request.server;
  const now = clock.now();
  const rule = failureRule(request, action);
  const { windowMs, windowStart } = windowOf(rule, now);
  const [row] = await db
    .select({ hits: rateLimitHits.hits })
    .from(rateLimitHits)
    .where(
      and(
        eq(rateLimitHits.key, `${rule.name}:${failureSubject(request, email)}`),
        eq(rateLimitHits.windowStart, windowStart),
      ),
    );
  if ((row?.hits ?? 0) >= rule.max) throw tooMany(windowStart, windowMs, now);
}

export async function recordFailure(
  request: FastifyRequest,
  action: string,
  email: string,
): Promise<void> {
  const { db, clock } = request.server;
  const rule = failureRule(request, action);
  await countHit(db, rule, failureSubject(request, email), windowOf(rule, clock.now()).windowStart);
}

/**
 * The same limits as an `onRequest` hook, for routes that hash a password on behalf of a signed-in
 * caller (placed after the guard): counted before the body is even read, so a flood of requests
 * costs a counter each, not a hash. The account is the caller's own.
 */
export function rateLimitedAs(action: string) {
  return async (request: FastifyRequest): Promise<void> => {
    await enforceAuthRateLimits(request, action, request.user?.email ?? request.admin?.email);
  };
}
