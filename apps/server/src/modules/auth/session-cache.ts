import type { SessionState } from '@btcp/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../db/client.ts';
import { type Subscription, subscribe } from '../../db/notifications.ts';
import { REVOCATIONS_CHANNEL, type Revocation } from '../realtime/hub.ts';

type SessionUser = NonNullable<SessionState['user']>;

/** What the cache holds for one session token (by its hash). */
export interface CachedSession {
  user: SessionUser;
  expiresAt: number;
  /** When the database last recorded the user as seen (D19 "online"). */
  lastSeenAt: number;
}

/**
 * Everything the application changes, and a ban or role change written in SQL (a trigger), arrives
 * at once by notification; this bounds what else an operator's SQL could leave stale (a session
 * row deleted by hand). Longer than the miners' 30-s ping, which lands on any of the processes,
 * so a ping is answered from memory (decision 014).
 */
const MAX_AGE_MS = 5 * 60_000;
/**
 * A session in use is read again once it is this old, in the background and together with every
 * other one due, so it never reaches MAX_AGE while it is used: 50,000 miners pinging any of four
 * processes would otherwise read about 670 sessions a second one by one (issue 12).
 */
const REFRESH_AFTER_MS = 4 * 60_000;
/** The most sessions one statement reads again; more wait for the next. */
const REFRESH_BATCH_MAX = 5000;
/** A bound on memory: past it the oldest entries go first. */
const MAX_ENTRIES = 100_000;

/** Reads live sessions by their tokens' hashes; a hash missing from the answer has ended. */
export type ReadSessions = (
  tokenHashes: readonly string[],
  now: Date,
) => Promise<Map<string, CachedSession>>;

export interface SessionCache {
  /** The session, if kept and fresh; one kept a while is read again in the background. */
  get(tokenHash: string, nowMs: number): CachedSession | null;
  /** Taken before reading a session from the database, and handed to `set`. */
  ticket(): number;
  /** Keeps a session read from the database, unless a revocation was handled since `ticket`. */
  set(tokenHash: string, session: CachedSession, nowMs: number, ticket: number): void;
  /**
   * Resolves once this process, and so every process, has dropped the sessions revoked before the
   * call (a logout, a password change, a ban or role change): the revoking route awaits it.
   */
  settle(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Issue 11: the signed-in user behind a token, kept in memory so a request does not ask the
 * database who is calling. Every process drops a user's entries the moment a revocation for that
 * user is notified (publishRevocation, LISTEN/NOTIFY), and drops everything when notifications may
 * have been missed.
 */
export async function createSessionCache(
  database: DatabaseHandle,
  log: FastifyBaseLogger,
  readSessions: ReadSessions,
): Promise<SessionCache> {
  const entries = new Map<string, CachedSession & { cachedAt: number }>();
  /** Kept sessions in use that are due a read (by hash), with when they were last asked for. */
  const due = new Map<string, number>();
  /** The hashes being read now. */
  const reading = new Set<string>();
  let refreshing = false;
  // Bumped by every revocation and gap: a read that started before one must not be kept.
  let generation = 0;
  const hashesOfUser = new Map<string, Set<string>>();
  const forget = (tokenHash: string) => {
    const entry = entries.get(tokenHash);
    if (!entry) return;
    entries.delete(tokenHash);
    const hashes = hashesOfUser.get(entry.user.id);
    hashes?.delete(tokenHash);
    if (hashes?.size === 0) hashesOfUser.delete(entry.user.id);
  };
  const refresh = async () => {
    refreshing = true;
    while (due.size > 0) {
      const batch = [...due].slice(0, REFRESH_BATCH_MAX);
      for (const [tokenHash] of batch) {
        due.delete(tokenHash);
        reading.add(tokenHash);
      }
      const nowMs = Math.max(...batch.map(([, askedAt]) => askedAt));
      const ticket = generation;
      try {
        const read = await readSessions(
          batch.map(([tokenHash]) => tokenHash),
          new Date(nowMs),
        );
        // A revocation or gap meanwhile: what was read may be stale already. The sessions are
        // asked for again on their next use.
        if (ticket !== generation) continue;
        for (const [tokenHash] of batch) {
          const entry = entries.get(tokenHash);
          if (!entry) continue;
          const session = read.get(tokenHash);
          if (!session) {
            forget(tokenHash);
            continue;
          }
          entry.user = session.user;
          entry.expiresAt = session.expiresAt;
          entry.lastSeenAt = Math.max(entry.lastSeenAt, session.lastSeenAt);
          entry.cachedAt = nowMs;
        }
      } catch (error) {
        // Each one is read on its own once it reaches MAX_AGE.
        log.warn({ err: error }, 'reading kept sessions again failed');
      } finally {
        reading.clear();
      }
    }
    refreshing = false;
  };
  const subscription: Subscription = await subscribe(
    database,
    REVOCATIONS_CHANNEL,
    (payload) => {
      let revocation: Revocation;
      try {
        revocation = JSON.parse(payload) as Revocation;
      } catch (error) {
        log.warn({ err: error }, 'dropped a malformed revocation');
        return;
      }
      generation++;
      // Every session of the user goes, whatever the revocation named: the next request reads
      // the account afresh (a ban or a role change concerns every session anyway).
      for (const tokenHash of [...(hashesOfUser.get(revocation.userId) ?? [])]) forget(tokenHash);
    },
    () => {
      generation++;
      entries.clear();
      hashesOfUser.clear();
    },
    // A revocation holds in every process before the route that made it answers.
    { everywhere: true },
  );
  return {
    get(tokenHash, nowMs) {
      const entry = entries.get(tokenHash);
      if (!entry) return null;
      if (nowMs >= entry.expiresAt || nowMs - entry.cachedAt > MAX_AGE_MS || !subscription.live) {
        forget(tokenHash);
        return null;
      }
      if (
        nowMs - entry.cachedAt > REFRESH_AFTER_MS &&
        !due.has(tokenHash) &&
        !reading.has(tokenHash)
      ) {
        // The requests of this turn of the event loop join the first statement.
        if (!refreshing && due.size === 0) setImmediate(() => void (refreshing || refresh()));
        due.set(tokenHash, nowMs);
      }
      return entry;
    },
    ticket: () => generation,
    set(tokenHash, session, nowMs, ticket) {
      if (!subscription.live || ticket !== generation) return;
      forget(tokenHash);
      if (entries.size >= MAX_ENTRIES) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) forget(oldest);
      }
      entries.set(tokenHash, { ...session, cachedAt: nowMs });
      const hashes = hashesOfUser.get(session.user.id) ?? new Set();
      hashes.add(tokenHash);
      hashesOfUser.set(session.user.id, hashes);
    },
    settle: () => subscription.settle(),
    close: () => subscription.close(),
  };
}
