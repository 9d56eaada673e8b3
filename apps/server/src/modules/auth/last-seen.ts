import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#server/db/client.ts';
import { commitsWithoutWaitingForDisk } from '#server/db/prepared.ts';
import { sessions, users } from '#server/db/schema.ts';

/** How long a process gathers the users it has seen before writing them in one statement. */
const FLUSH_AFTER_MS = 1000;

/**
 * How stale last_seen_at may get before a request refreshes it (D19 "online" counts the last
 * 5 minutes, so a refresh every 2 minutes is close enough).
 */
export const SEEN_REFRESH_MS = 2 * 60_000;

export interface LastSeenRecorder {
  /**
   * Notes that the user made a request at `now`, through the session `sessionHash` names (its
   * "last active" in the account's session list); written within a second, never awaited.
   */
  mark(userId: string, now: Date, sessionHash?: string): void;
  /** Notes that a session (an admin's, which has no user row) was used at `now`. */
  markSession(sessionHash: string, now: Date): void;
  /** Writes what is noted now; resolves when every write so far has ended. */
  flush(): Promise<void>;
}

/**
 * The two batch writes, prepared once: users' `last_seen_at` and sessions' `last_used_at`, each
 * from a JSON batch, each skipping a row another transaction holds and not waiting for the disk.
 */
function prepareLastSeenWrites(db: Database) {
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
  // The sessions' own "last active", written the same way: never waiting for a row or the disk.
  const sessionStatement = db
    .update(sessions)
    .set({ lastUsedAt: sql`batch.now` })
    .from(
      sql`(SELECT batch.hash, batch.now FROM jsonb_to_recordset(${sql.placeholder('batch')}::jsonb) AS batch(hash text, now timestamptz)
        JOIN ${sessions} AS locked ON locked.token_hash = batch.hash
        WHERE locked.last_used_at < batch.now
        FOR UPDATE OF locked SKIP LOCKED) AS batch`,
    )
    .where(and(eq(sessions.tokenHash, sql`batch.hash`), commitsWithoutWaitingForDisk()))
    .prepare('record_sessions_used');
  return { seen: statement, sessionsUsed: sessionStatement };
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
  let notedSessions = new Map<string, Date>();
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();
  const writes = prepareLastSeenWrites(db);
  const write = (run: () => Promise<unknown>) => {
    writing = writing.then(() =>
      run().then(
        () => undefined,
        (error: unknown) => log.warn({ err: error }, 'recording when users were last seen failed'),
      ),
    );
  };

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
      write(() => writes.seen.execute({ batch: JSON.stringify(rows) }));
    }
    if (notedSessions.size > 0) {
      const rows = [...notedSessions].map(([hash, now]) => ({ hash, now: now.toISOString() }));
      notedSessions = new Map();
      write(() => writes.sessionsUsed.execute({ batch: JSON.stringify(rows) }));
    }
    return writing;
  };

  const later = (into: Map<string, Date>, key: string, now: Date) => {
    const before = into.get(key);
    if (!before || before < now) into.set(key, now);
    if (!timer) {
      timer = setTimeout(() => void flush(), FLUSH_AFTER_MS);
      timer.unref();
    }
  };
  return {
    mark(userId, now, sessionHash) {
      later(noted, userId, now);
      if (sessionHash) later(notedSessions, sessionHash, now);
    },
    markSession: (sessionHash, now) => later(notedSessions, sessionHash, now),
    flush,
  };
}
