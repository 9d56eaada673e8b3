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
/** A bound on memory: past it the oldest entries go first. */
const MAX_ENTRIES = 100_000;

export interface SessionCache {
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
): Promise<SessionCache> {
  const entries = new Map<string, CachedSession & { cachedAt: number }>();
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
