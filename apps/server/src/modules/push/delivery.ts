import { cutText } from '@btcp/shared';
import { inArray, sql } from 'drizzle-orm';
import pLimit from 'p-limit';
import webpush from 'web-push';
import type { ServiceContext } from '#server/context.ts';
import { pushOutbox, pushSubscriptions } from '#server/db/schema.ts';
import { backOffMs, leaseDue } from '#server/lib/outbox.ts';
import { countOutcomes, type PushOutcome } from './figures.ts';
import { type VapidKeys, vapidKeys } from './vapid.ts';

const BATCH = 256;
const LEASE_MS = 2 * 60_000;
/** Requests in flight to the push services, per process. */
const IN_FLIGHT = 32;
const TIMEOUT_MS = 10_000;
/** After this many failed attempts a notification is dropped: it would arrive too late to matter. */
const MAX_ATTEMPTS = 8;
const RETRY_BASE_MS = 15_000;
const RETRY_MAX_MS = 60 * 60_000;
/** How long the push service keeps a notification for a device that is offline. */
const TTL_SECONDS = 24 * 60 * 60;

const outbox = { table: pushOutbox, id: pushOutbox.id, nextAttemptAt: pushOutbox.nextAttemptAt };

interface Due {
  id: string;
  attempts: number;
  payload: unknown;
  subscriptionId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

type Result =
  | { outcome: 'delivered' | 'gone' | 'dropped'; due: Due; error?: string }
  | { outcome: 'retry'; due: Due; error: string; retryAfterMs: number };

/** Retry-After in seconds or as an HTTP date; 0 when absent or unreadable. */
function retryAfterMs(header: string | null, now: number): number {
  if (!header) return 0;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? 0 : Math.max(0, at - now);
}

/** A VAPID JWT is valid this long (RFC 8292 allows 24 h); each is reused for the first hour. */
const VAPID_VALID_S = 12 * 60 * 60;
const VAPID_REUSED_MS = 60 * 60_000;
const vapidByAudience = new Map<string, { authorization: string; until: number }>();

/**
 * The VAPID header for a push service, signed once an hour per service and key rather than per
 * message: signing was more than half of the sender's work per notification.
 */
function vapidAuthorization(keys: VapidKeys, endpoint: string, now: number): string {
  const audience = new URL(endpoint).origin;
  const cacheKey = `${keys.publicKey} ${audience}`;
  const kept = vapidByAudience.get(cacheKey);
  if (kept && kept.until > now) return kept.authorization;
  const { Authorization: authorization } = webpush.getVapidHeaders(
    audience,
    keys.subject,
    keys.publicKey,
    keys.privateKey,
    'aes128gcm',
    Math.floor(now / 1000) + VAPID_VALID_S,
  );
  if (vapidByAudience.size >= 1000) vapidByAudience.clear();
  vapidByAudience.set(cacheKey, { authorization, until: now + VAPID_REUSED_MS });
  return authorization;
}

/**
 * One notification to one device: encrypted (aes128gcm) by web-push and signed (VAPID), sent by
 * our own fetch so the timeout and the concurrency are ours. Redirects are not followed: the
 * allow-list checked the endpoint, not where it might point next (decision 063).
 */
async function send(keys: VapidKeys, due: Due, now: number): Promise<Result> {
  try {
    const request = webpush.generateRequestDetails(
      { endpoint: due.endpoint, keys: { p256dh: due.p256dh, auth: due.auth } },
      JSON.stringify(due.payload),
      { TTL: TTL_SECONDS, contentEncoding: 'aes128gcm', urgency: 'normal' },
    );
    const response = await fetch(request.endpoint, {
      method: request.method,
      headers: {
        ...(request.headers as Record<string, string>),
        Authorization: vapidAuthorization(keys, due.endpoint, now),
      },
      body: request.body ?? null,
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    await response.body?.cancel();
    const status = response.status;
    if (status >= 200 && status < 300) return { outcome: 'delivered', due };
    if (status === 404 || status === 410) return { outcome: 'gone', due };
    const error = `push service answered ${status}`;
    if (status === 429 || status >= 500) {
      return {
        outcome: 'retry',
        due,
        error,
        retryAfterMs: retryAfterMs(response.headers.get('retry-after'), now),
      };
    }
    return { outcome: 'dropped', due, error };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { outcome: 'retry', due, error: message, retryAfterMs: 0 };
  }
}

async function leaseBatch(ctx: ServiceContext): Promise<Due[]> {
  const ids = await leaseDue(ctx.db, outbox, ctx.clock.now(), BATCH, LEASE_MS);
  if (ids.length === 0) return [];
  return ctx.db
    .select({
      id: pushOutbox.id,
      attempts: pushOutbox.attempts,
      payload: pushOutbox.payload,
      subscriptionId: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushOutbox)
    .innerJoin(pushSubscriptions, sql`${pushSubscriptions.id} = ${pushOutbox.subscriptionId}`)
    .where(inArray(pushOutbox.id, ids));
}

/**
 * What a batch came to, in a few set-wise statements whatever its size: delivered and dropped rows
 * deleted (with the devices' last delivery), gone devices deleted (their queued notifications go
 * with them), failed ones due again after a back-off that honours Retry-After, each row with its
 * own, or dropped after MAX_ATTEMPTS.
 */
async function settle(ctx: ServiceContext, results: Result[]): Promise<PushOutcome[]> {
  const now = ctx.clock.now();
  const delivered: Due[] = [];
  const gone: Due[] = [];
  const finished: Due[] = [];
  const retried: { id: string; attempts: number; nextAttemptAt: string; lastError: string }[] = [];
  const givenUp: Result[] = [];
  for (const result of results) {
    const { due } = result;
    if (result.outcome === 'gone') {
      gone.push(due);
      continue;
    }
    if (result.outcome === 'delivered') delivered.push(due);
    const attempts = due.attempts + 1;
    if (result.outcome === 'retry' && attempts < MAX_ATTEMPTS) {
      const wait = Math.max(backOffMs(attempts, RETRY_BASE_MS, RETRY_MAX_MS), result.retryAfterMs);
      retried.push({
        id: due.id,
        attempts,
        nextAttemptAt: new Date(now.getTime() + wait).toISOString(),
        lastError: cutText(result.error, 500),
      });
      continue;
    }
    finished.push(due);
    if (result.outcome !== 'delivered') givenUp.push(result);
  }
  const outcomes: PushOutcome[] = results.map((result) => result.outcome);
  await ctx.db.transaction(async (tx) => {
    if (finished.length > 0) {
      await tx.delete(pushOutbox).where(
        inArray(
          pushOutbox.id,
          finished.map((due) => due.id),
        ),
      );
    }
    if (delivered.length > 0) {
      await tx
        .update(pushSubscriptions)
        .set({ lastDeliveredAt: now })
        .where(
          inArray(pushSubscriptions.id, [...new Set(delivered.map((due) => due.subscriptionId))]),
        );
    }
    if (gone.length > 0) {
      await tx.delete(pushSubscriptions).where(
        inArray(
          pushSubscriptions.id,
          gone.map((due) => due.subscriptionId),
        ),
      );
    }
    if (retried.length > 0) {
      // One statement for every retried row, each matched to its own values by id: a 429 storm
      // over a whole batch is one UPDATE, not one per row.
      await tx.execute(sql`
        UPDATE ${pushOutbox}
        SET attempts = retried.attempts, next_attempt_at = retried."nextAttemptAt",
          last_error = retried."lastError"
        FROM jsonb_to_recordset(${JSON.stringify(retried)}::jsonb)
          AS retried(id uuid, attempts int, "nextAttemptAt" timestamptz, "lastError" text)
        WHERE ${pushOutbox.id} = retried.id`);
    }
    await countOutcomes(tx, outcomes, now);
  });
  for (const result of givenUp) {
    ctx.log.warn(
      { outboxId: result.due.id, error: result.error, attempts: result.due.attempts + 1 },
      'a push notification was dropped',
    );
  }
  return outcomes;
}

/** Sends what is due, a leased batch at a time, IN_FLIGHT requests at once. Returns how many tried. */
export async function drainPushOutbox(
  ctx: ServiceContext,
  limit = pLimit(IN_FLIGHT),
): Promise<number> {
  let tried = 0;
  for (;;) {
    const batch = await leaseBatch(ctx);
    if (batch.length === 0) return tried;
    const keys = await vapidKeys(ctx);
    const now = Date.now();
    const results = await Promise.all(batch.map((due) => limit(() => send(keys, due, now))));
    await settle(ctx, results);
    tried += batch.length;
  }
}
