import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#server/db/client.ts';
import { commitsWithoutWaitingForDisk } from '#server/db/prepared.ts';
import { users } from '#server/db/schema.ts';

/** How long a process gathers the users it has seen before writing them in one statement. */
const FLUSH_AFTER_MS = 1000;

/**
 * How stale last_seen_at may get before a request refreshes it (D19 "online" counts the last
 * 5 minutes, so a refresh every 2 minutes is close enough).
 */
export const SEEN_REFRESH_MS = 2 * 60_000;

export interface LastSeenRecorder {
  /** Notes that the user made a request at `now`; written within a second, never awaited. */
  mark(userId: string, now: Date): void;
  /** Writes what is noted now; resolves when every write so far has ended. */
  flush(): Promise<void>;
}

/**
 * D19, decision 014: when a user was last seen is not money, and a request never waits for it. A
 * process gathers the users it saw and writes them each second in one statement that waits neither
 * for the disk nor for a row another transaction holds; with 50,000 miners pinging, one round trip
 * per ping for `last_seen_at` had held the pool's connections from the pings themselves. Another
 * process that wrote a user within SEEN_REFRESH_MS is left as it is.
 */
export function createLastSeenRecorder(db: Database, log: FastifyBaseLogger): LastSeenRecorder {
  let noted = new Map<string, Date>();
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();
  const statement = db
    .update(users)
    .set({ lastSeenAt: sql`batch.now` })
    // The users due a write, each locked unless another transaction holds it: one of those (a
    // second process's batch, an edit of the account) is skipped, never waited for. Two processes'
    // batches locking the same users in different orders deadlocked (seen at 50,000 miners), and
    // when someone was last seen is not worth a wait.
    .from(
      sql`(SELECT batch.id, batch.now FROM jsonb_to_recordset(${sql.placeholder('batch')}::jsonb) AS batch(id uuid, now timestamptz, "staleBefore" timestamptz)
        JOIN ${users} AS locked ON locked.id = batch.id
        WHERE locked.last_seen_at IS NULL OR locked.last_seen_at < batch."staleBefore"
        FOR UPDATE OF locked SKIP LOCKED) AS batch`,
    )
    .where(and(eq(users.id, sql`batch.id`), commitsWithoutWaitingForDisk()))
    .prepare('record_last_seen');

  const flush = (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (noted.size > 0) {
      const rows = [...noted].map(([id, now]) => ({
        id,
        now: now.toISOString(),
        staleBefore: new Date(now.getTime() - SEEN_REFRESH_MS).toISOString(),
      }));
      noted = new Map();
      writing = writing.then(() =>
        statement.execute({ batch: JSON.stringify(rows) }).then(
          () => undefined,
          (error: unknown) =>
            log.warn({ err: error }, 'recording when users were last seen failed'),
        ),
      );
    }
    return writing;
  };

  return {
    mark(userId, now) {
      const before = noted.get(userId);
      if (!before || before < now) noted.set(userId, now);
      if (!timer) {
        timer = setTimeout(() => void flush(), FLUSH_AFTER_MS);
        timer.unref();
      }
    },
    flush,
  };
}
