import { cutText } from '@btcp/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ServiceContext } from '#server/context.ts';
import type { DatabaseOrTransaction } from '#server/db/client.ts';
import { mailQueue } from '#server/db/schema.ts';
import { backOffMs, createDrainer, type Drainer, leaseDue } from '#server/lib/outbox.ts';

export type MailKind = (typeof mailQueue.$inferInsert)['kind'];
type QueuedMail = typeof mailQueue.$inferSelect;

/** How long a drainer holds the mail it took before another may take it (a crash mid-send). */
const LEASE_MS = 5 * 60_000;
const BATCH = 20;
const MAX_BACKOFF_MS = 60 * 60_000;

/**
 * Records mail to send: one insert, the same for every address; due at once by `now`. The
 * payload carries what a mail about an account needs beyond the address (decision 027).
 */
export async function enqueueMail(
  db: DatabaseOrTransaction,
  kind: MailKind,
  email: string,
  now: Date,
  payload: Record<string, unknown> | null = null,
) {
  await db.insert(mailQueue).values({ kind, email, payload, nextAttemptAt: now, createdAt: now });
}

/** Turns one queued request into a sent message (or none, for an address with no account). */
export type MailDeliverer = (ctx: ServiceContext, mail: QueuedMail) => Promise<void>;

const mailOutbox = {
  table: mailQueue,
  id: mailQueue.id,
  nextAttemptAt: mailQueue.nextAttemptAt,
};

/**
 * Sends what is due, in leased batches (lib/outbox.ts): a sent mail is deleted, a failed one is
 * tried again with a growing delay. Mail is sent at least once, never lost.
 */
export async function drainMailQueue(ctx: ServiceContext, deliver: MailDeliverer): Promise<number> {
  let sent = 0;
  for (;;) {
    const ids = await leaseDue(ctx.db, mailOutbox, ctx.clock.now(), BATCH, LEASE_MS);
    if (ids.length === 0) return sent;
    const taken = await ctx.db.select().from(mailQueue).where(inArray(mailQueue.id, ids));
    for (const mail of taken) {
      try {
        await deliver(ctx, mail);
        await ctx.db.delete(mailQueue).where(eq(mailQueue.id, mail.id));
        sent += 1;
      } catch (error) {
        const attempts = mail.attempts + 1;
        ctx.log.error(
          { err: error, mailId: mail.id, kind: mail.kind, attempts },
          'sending mail failed; it will be tried again',
        );
        await ctx.db
          .update(mailQueue)
          .set({
            attempts,
            nextAttemptAt: new Date(
              ctx.clock.now().getTime() + backOffMs(attempts, 5_000, MAX_BACKOFF_MS),
            ),
            lastError: cutText(error instanceof Error ? error.message : String(error), 500),
          })
          .where(and(eq(mailQueue.id, mail.id), eq(mailQueue.attempts, mail.attempts)));
      }
    }
  }
}

/** How many mails wait to be sent (for health figures and tests). */
export async function queuedMailCount(db: DatabaseOrTransaction): Promise<number> {
  const [row] = await db.select({ value: sql<number>`count(*)::int` }).from(mailQueue);
  return row?.value ?? 0;
}

/** The mail drainer of a process (lib/outbox.ts): kicked after enqueueing, and on a timer. */
export type MailDrainer = Drainer;

export function createMailDrainer(
  ctx: ServiceContext,
  deliver: MailDeliverer,
  everyMs = 5_000,
): MailDrainer {
  return createDrainer(() => drainMailQueue(ctx, deliver), {
    everyMs,
    log: ctx.log,
    what: 'the mail queue',
  });
}
