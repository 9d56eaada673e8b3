import { ErrorCode } from '@btcp/shared';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '#server/db/client.ts';
import { rateLimitHits } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';

export interface RateLimitRule {
  /** What is limited, e.g. 'login:ip'; becomes part of the key. */
  name: string;
  max: number;
  windowSeconds: number;
}

/**
 * A hit of one subject on a rule: the counter's key and the fixed window `now` falls in. A caller
 * may count it in a statement of its own, as a vote does (docs/decisions/021).
 */
export interface RateLimitHit {
  key: string;
  windowStart: Date;
  windowEnd: Date;
  max: number;
  now: Date;
}

/** The hit of `subject` on `rule` at `now`; windows are aligned to the epoch, so all processes agree. */
export function hitOf(rule: RateLimitRule, subject: string, now: Date): RateLimitHit {
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = Math.floor(now.getTime() / windowMs) * windowMs;
  return {
    key: `${rule.name}:${subject}`,
    windowStart: new Date(windowStart),
    windowEnd: new Date(windowStart + windowMs),
    max: rule.max,
    now,
  };
}

/** The 429 of a hit past its limit, with Retry-After: the seconds until its window ends. */
export function tooManyRequests(hit: RateLimitHit, message?: string): AppError {
  const retryAfter = Math.max(1, Math.ceil((hit.windowEnd.getTime() - hit.now.getTime()) / 1000));
  return new AppError(
    429,
    ErrorCode.rateLimited,
    message ?? `Too many attempts. Please try again in ${retryAfter} seconds.`,
    undefined,
    { 'retry-after': String(retryAfter) },
  );
}

/**
 * D5: fixed-window counters in the database, so every process shares them and a limit holds however
 * many processes serve the API. One upsert per check; throws a 429 with Retry-After (and `message`,
 * if given) once a key passes its limit.
 */
export async function enforceRateLimit(
  db: Database,
  rule: RateLimitRule,
  subject: string,
  now: Date,
  message?: string,
): Promise<void> {
  const hit = hitOf(rule, subject, now);
  if ((await countHit(db, hit)) > hit.max) throw tooManyRequests(hit, message);
}

/** Counts the hit and answers its key's count in the window, this hit included. */
export async function countHit(db: Database, hit: RateLimitHit): Promise<number> {
  const [row] = await db
    .insert(rateLimitHits)
    .values({ key: hit.key, windowStart: hit.windowStart, hits: 1 })
    .onConflictDoUpdate({
      target: [rateLimitHits.key, rateLimitHits.windowStart],
      set: { hits: sql`${rateLimitHits.hits} + 1` },
    })
    .returning({ hits: rateLimitHits.hits });
  return row?.hits ?? 0;
}

/**
 * Takes back a hit counted before its outcome was known, once it turns out not to be one the
 * limit is about (a limit on failures that must hold for requests sent at once counts first).
 */
export async function uncountHit(db: Database, hit: RateLimitHit): Promise<void> {
  await db
    .update(rateLimitHits)
    .set({ hits: sql`${rateLimitHits.hits} - 1` })
    .where(and(eq(rateLimitHits.key, hit.key), eq(rateLimitHits.windowStart, hit.windowStart)));
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
async function enforceFailureLimit(
  request: FastifyRequest,
  action: string,
  email: string,
): Promise<void> {
  const { db, clock } = request.server;
  const hit = hitOf(failureRule(request, action), failureSubject(request, email), clock.now());
  const [row] = await db
    .select({ hits: rateLimitHits.hits })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.key, hit.key), eq(rateLimitHits.windowStart, hit.windowStart)));
  if ((row?.hits ?? 0) >= hit.max) throw tooManyRequests(hit);
}

async function recordFailure(
  request: FastifyRequest,
  action: string,
  email: string,
): Promise<void> {
  const { db, clock } = request.server;
  await countHit(
    db,
    hitOf(failureRule(request, action), failureSubject(request, email), clock.now()),
  );
}

/** What a sign-in step's attempt answers when the caller got it wrong: the error to send them. */
export class WrongAnswer {
  constructor(readonly error: Error) {}
}

/**
 * A sign-in step (password or code) past its per-address limit: refused while this address has
 * failed too often at this account in this window, then `attempt` runs, and a `WrongAnswer` it
 * gives is counted as a failure before its error reaches the caller (docs/decisions/012). With
 * `addressLimit`, the address's limit on all attempts (`enforceAuthRateLimits`) is counted in the
 * same wait for the database as the failures are read, not one after the other; a refusal of the
 * address's limit is the one given when both refuse. With `load`, what the attempt needs from the
 * database (the account) is read in that same wait too, and handed to it: a refused attempt then
 * costs that one read as well, and every attempt one round trip fewer (docs/scaling.md).
 */
export async function withFailureLimit<T, Loaded = undefined>(
  request: FastifyRequest,
  action: string,
  email: string,
  attempt: (loaded: Loaded) => Promise<T | WrongAnswer>,
  options: { addressLimit?: boolean; load?: () => Promise<Loaded> } = {},
): Promise<T> {
  const [addressCheck, failureCheck, loading] = await Promise.allSettled([
    options.addressLimit ? enforceAuthRateLimits(request, action) : undefined,
    enforceFailureLimit(request, action, email),
    options.load?.(),
  ]);
  for (const settled of [addressCheck, failureCheck, loading]) {
    if (settled.status === 'rejected') throw settled.reason;
  }
  const outcome = await attempt((loading as PromiseFulfilledResult<Loaded>).value);
  if (!(outcome instanceof WrongAnswer)) return outcome;
  await recordFailure(request, action, email);
  throw outcome.error;
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
