import { sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseOrTransaction } from '#server/db/client.ts';

/**
 * A table of work to send outside any request (mail, push notifications): rows written in the
 * transaction of what they tell of, each due from `nextAttemptAt`, deleted once sent.
 */
export interface Outbox {
  table: PgTable;
  id: PgColumn;
  nextAttemptAt: PgColumn;
}

/**
 * Takes up to `batch` due rows and returns their ids: in one statement with SKIP LOCKED their next
 * attempt moves past the lease, so several processes never take the same row, and a process that
 * dies mid-send leaves its lease to run out (sent at least once, never lost).
 */
export async function leaseDue(
  db: DatabaseOrTransaction,
  outbox: Outbox,
  now: Date,
  batch: number,
  leaseMs: number,
): Promise<string[]> {
  const result = await db.execute(sql`
    UPDATE ${outbox.table}
    SET ${sql.identifier(outbox.nextAttemptAt.name)} = ${new Date(now.getTime() + leaseMs).toISOString()}::timestamptz
    WHERE ${outbox.id} IN (
      SELECT ${outbox.id} FROM ${outbox.table}
      WHERE ${outbox.nextAttemptAt} <= ${now.toISOString()}::timestamptz
      ORDER BY ${outbox.nextAttemptAt}
      LIMIT ${batch}
      FOR UPDATE SKIP LOCKED)
    RETURNING ${outbox.id} AS id`);
  // Both drivers (PGlite, node-postgres) answer `execute` with `{ rows }`.
  return (result as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
}

/** The wait before attempt `attempts + 1`: doubling from `baseMs`, at most `maxMs`. */
export const backOffMs = (attempts: number, baseMs: number, maxMs: number) =>
  Math.min(maxMs, baseMs * 2 ** Math.min(attempts, 20));

/**
 * One drainer per process and outbox: `kick()` after enqueueing sends at once (outside the
 * request), a timer picks up what other processes or failed attempts left. `drainOnce` sends what
 * is due until nothing is; runs never overlap within a process, and a kick during a run runs it
 * again. After `stop()` nothing starts: the database is about to close, and what is queued waits
 * for the next process.
 */
export interface Drainer {
  kick(): void;
  stop(): Promise<void>;
}

export function createDrainer(
  drainOnce: () => Promise<unknown>,
  options: { everyMs: number; log: FastifyBaseLogger; what: string },
): Drainer {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const run = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await drainOnce();
        } catch (error) {
          options.log.warn({ err: error }, `draining ${options.what} failed; it will run again`);
        }
      } while (again && !stopped);
    })().finally(() => {
      running = null;
    });
    return running;
  };
  const timer = setInterval(run, options.everyMs);
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
