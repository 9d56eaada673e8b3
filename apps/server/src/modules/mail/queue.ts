import { cutText } from '@btcp/shared';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { ServiceContext } from '#server/context.ts';
import type { DatabaseOrTransaction } from '#server/db/client.ts';
import { mailQueue } from '#server/db/schema.ts';

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

/**
 * Sends what is due, in batches. A batch is leased (its next attempt moved past the lease) in one
 * statement with SKIP LOCKED, so several processes never take the same mail; a sent mail is
 * deleted, a failed one is tried again with a growing delay, and a process that dies mid-send
 * leaves its lease to run out. Mail is sent at least once, never lost.
 */
export async function drainMailQueue(ctx: ServiceContext, deliver: MailDeliverer): Promise<number> {
  let sent = 0;
  for (;;) {
    const now = ctx.clock.now();
    const taken = await ctx.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: mailQueue.id })
        .from(mailQueue)
        .where(lte(mailQueue.nextAttemptAt, now))
        .orderBy(asc(mailQueue.nextAttemptAt))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(mailQueue)
        .set({ nextAttemptAt: new Date(now.getTime() + LEASE_MS) })
        .where(
          inArray(
            mailQueue.id,
            due.map((row) => row.id),
          ),
        )
        .returning();
    });
    if (taken.length === 0) return sent;
    for (const mail of taken) {
      try {
        await deliver(ctx, mail);
        await ctx.db.delete(mailQueue).where(eq(mailQueue.id, mail.id));
        sent += 1;
      } catch (error) {
        const attempts = mail.attempts + 1;
        const delay = Math.min(MAX_BACKOFF_MS, 5_000 * 2 ** Math.min(attempts, 20));
        ctx.log.error(
          { err: error, mailId: mail.id, kind: mail.kind, attempts },
          'sending mail failed; it will be tried again',
        );
        await ctx.db
          .update(mailQueue)
          .set({
            attempts,
            nextAttemptAt: new Date(ctx.clock.now().getTime() + delay),
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

/**
 * One drainer per process: `kick()` after enqueueing sends at once (outside the request), a timer
 * picks up what other processes or failed attempts left. Runs never overlap within a process.
 */
export interface MailDrainer {
  kick(): void;
  stop(): Promise<void>;
}

export function createMailDrainer(
  ctx: ServiceContext,
  deliver: MailDeliverer,
  everyMs = 5_000,
): MailDrainer {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const run = (): Promise<void> => {
    // After stop() the database is about to close; what is queued waits for the next drainer.
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await drainMailQueue(ctx, deliver);
        } catch (error) {
          ctx.log.warn({ err: error }, 'draining the mail queue failed; it will run again');
        }
      } while (again && !stopped);
    })().finally(() => {
      running = null;
    });
    return running;
  };
  const timer = setInterval(run, everyMs);
  timer.unref();
  return {
    kick(): void {
      void run();
    },
    async stop(): Promise<void> {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
