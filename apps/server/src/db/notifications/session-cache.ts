import type { SessionState } from '@btcp/shared';
import type { FastifyBaseLogger } from 'fastify';
import { createBatcher } from '#server/lib/batcher.ts';
import type { DatabaseHandle } from '../client.ts';
import { REVOCATIONS_CHANNEL, type Revocation } from './channels.ts';
import { type Subscription, subscribe } from './subscription.ts';

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
 * other one due, so it never reaches MAX_AGE while it is used and is not read one by one
 * (decision 014).
 */
const REFRESH_AFTER_MS = 4 * 60_000;
/** The most sessions one statement reads again; more wait for the next. */
const REFRESH_BATCH_MAX = 5000;
/**
 * The most sessions not held that one statement reads. A process that has just started (a rolling
 * restart) meets every returning stream and ping at once: they wait for one read, not one each.
 */
const LOAD_BATCH_MAX = 1000;
/** A bound on memory: past it the oldest entries go first. */
const MAX_ENTRIES = 100_000;
/**
 * A process that starts keeps, before it answers anyone, the sessions used within the time a kept
 * entry lives: a rolling restart's new process then meets every returning stream and miner's ping
 * with their sessions in memory, not a read of its own for each (decision 038).
 */
const WARM_SEEN_WITHIN_MS = MAX_AGE_MS;

/** Reads live sessions by their tokens' hashes; a hash missing from the answer has ended. */
export type ReadSessions = (
  tokenHashes: readonly string[],
  now: Date,
) => Promise<Map<string, CachedSession>>;

/** What the cache reads, and its clock. */
export interface SessionSources {
  read: ReadSessions;
  /** The live sessions used since `seenSince`, the latest first, at most `limit`. */
  readRecent: (seenSince: Date, now: Date, limit: number) => Promise<Map<string, CachedSession>>;
  now: () => Date;
}

export interface SessionCache {
  /** The session, if kept and fresh; one kept a while is read again in the background. */
  get(tokenHash: string, nowMs: number): CachedSession | null;
  /**
   * Reads a session the cache does not hold from the database and keeps it, unless a revocation
   * was handled meanwhile; null if it has ended. Reads asked for together share one statement.
   */
  load(tokenHash: string, nowMs: number): Promise<CachedSession | null>;
  /**
   * Resolves once this process, and so every process, has dropped the sessions revoked before the
   * call (a logout, a password change, a ban or role change): the revoking route awaits it.
   */
  settle(): Promise<void>;
  close(): Promise<void>;
}

type Entry = CachedSession & { cachedAt: number };

/** The kept sessions, by token hash and by user (a revocation names a user). */
function createSessionStore() {
  const entries = new Map<string, Entry>();
  const hashesOfUser = new Map<string, Set<string>>();
  const forget = (tokenHash: string) => {
    const entry = entries.get(tokenHash);
    if (!entry) return;
    entries.delete(tokenHash);
    const hashes = hashesOfUser.get(entry.user.id);
    hashes?.delete(tokenHash);
    if (hashes?.size === 0) hashesOfUser.delete(entry.user.id);
  };
  return {
    get: (tokenHash: string) => entries.get(tokenHash),
    forget,
    keep(tokenHash: string, session: CachedSession, nowMs: number) {
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
    /** Takes what a read in the background found; a session missing from it has ended. */
    refreshed(tokenHash: string, session: CachedSession | undefined, nowMs: number) {
      const entry = entries.get(tokenHash);
      if (!entry) return;
      if (!session) return forget(tokenHash);
      entry.user = session.user;
      entry.expiresAt = session.expiresAt;
      entry.lastSeenAt = Math.max(entry.lastSeenAt, session.lastSeenAt);
      entry.cachedAt = nowMs;
    },
    forgetUser(userId: string) {
      for (const tokenHash of [...(hashesOfUser.get(userId) ?? [])]) forget(tokenHash);
    },
    clear() {
      entries.clear();
      hashesOfUser.clear();
    },
  };
}

type SessionStore = ReturnType<typeof createSessionStore>;

/**
 * Reads kept sessions in use again in the background, in batches: the requests of one turn of the
 * event loop join the first statement. `generation` changes with every revocation and gap; a read
 * that started before one is not kept, and its sessions are read again on their next use.
 */
function createRefresher(
  store: SessionStore,
  readSessions: ReadSessions,
  log: FastifyBaseLogger,
  generation: () => number,
) {
  /** Kept sessions in use that are due a read (by hash), with when they were last asked for. */
  const due = new Map<string, number>();
  /** The hashes being read now. */
  const reading = new Set<string>();
  let refreshing = false;
  const readBatch = async (batch: [string, number][]) => {
    for (const [tokenHash] of batch) {
      due.delete(tokenHash);
      reading.add(tokenHash);
    }
    const nowMs = Math.max(...batch.map(([, askedAt]) => askedAt));
    const ticket = generation();
    try {
      const tokenHashes = batch.map(([tokenHash]) => tokenHash);
      const read = await readSessions(tokenHashes, new Date(nowMs));
      if (ticket !== generation()) return;
      for (const tokenHash of tokenHashes) store.refreshed(tokenHash, read.get(tokenHash), nowMs);
    } catch (error) {
      // Each one is read on its own once it reaches MAX_AGE.
      log.warn({ err: error }, 'reading kept sessions again failed');
    } finally {
      reading.clear();
    }
  };
  const refresh = async () => {
    refreshing = true;
    while (due.size > 0) await readBatch([...due].slice(0, REFRESH_BATCH_MAX));
    refreshing = false;
  };
  return {
    /** Notes a kept session in use, asked for at `nowMs`, as due a read. */
    due(tokenHash: string, nowMs: number) {
      if (due.has(tokenHash) || reading.has(tokenHash)) return;
      if (!refreshing && due.size === 0) setImmediate(() => void (refreshing || refresh()));
      due.set(tokenHash, nowMs);
    },
  };
}

/**
 * Reads sessions the store does not hold, those asked for while a read runs together in the next
 * (lib/batcher.ts), each hash once however many requests ask for it. `generation` changes with
 * every revocation and gap: what a read that started before one found answers the requests made
 * before it, and is not kept.
 */
function createLoader(
  store: SessionStore,
  readSessions: ReadSessions,
  generation: () => number,
  live: () => boolean,
) {
  const asked = new Map<string, { reading: Promise<CachedSession | null>; generation: number }>();
  const read = createBatcher<{ tokenHash: string; nowMs: number }, CachedSession | null>({
    maxBatch: LOAD_BATCH_MAX,
    run: async (batch) => {
      const nowMs = Math.max(...batch.map((item) => item.nowMs));
      const ticket = generation();
      const found = await readSessions(
        batch.map((item) => item.tokenHash),
        new Date(nowMs),
      );
      const keep = live() && ticket === generation();
      return batch.map(({ tokenHash }) => {
        const session = found.get(tokenHash);
        if (!session) return null;
        if (keep) store.keep(tokenHash, session, nowMs);
        return session;
      });
    },
  });
  return (tokenHash: string, nowMs: number) => {
    // A read asked for before a revocation may have found the session before it ended: a request
    // that comes after the revocation reads again rather than take that answer.
    const pending = asked.get(tokenHash);
    if (pending && pending.generation === generation()) return pending.reading;
    const reading = read({ tokenHash, nowMs }).finally(() => {
      if (asked.get(tokenHash)?.reading === reading) asked.delete(tokenHash);
    });
    asked.set(tokenHash, { reading, generation: generation() });
    return reading;
  };
}

/**
 * Keeps the sessions used lately, read once the revocations' listener is live. What a revocation
 * or a gap during the read may have changed is not kept: those sessions are read on their next use.
 */
async function warmUp(
  store: SessionStore,
  sources: SessionSources,
  log: FastifyBaseLogger,
  generation: () => number,
  live: () => boolean,
) {
  const now = sources.now();
  const ticket = generation();
  try {
    const recent = await sources.readRecent(
      new Date(now.getTime() - WARM_SEEN_WITHIN_MS),
      now,
      MAX_ENTRIES,
    );
    if (!live() || ticket !== generation()) return;
    for (const [tokenHash, session] of recent) store.keep(tokenHash, session, now.getTime());
  } catch (error) {
    // Each session is then read on its first use, as without this.
    log.warn({ err: error }, 'reading the sessions used lately failed');
  }
}

function parseRevocation(payload: string, log: FastifyBaseLogger): Revocation | null {
  try {
    return JSON.parse(payload) as Revocation;
  } catch (error) {
    log.warn({ err: error }, 'dropped a malformed revocation');
    return null;
  }
}

/**
 * The signed-in user behind a token, kept in memory so a request does not ask the database who is
 * calling (decision 013). Every process drops a user's entries the moment a revocation for that
 * user is notified (publishRevocation, LISTEN/NOTIFY), and drops everything when notifications may
 * have been missed.
 */
export async function createSessionCache(
  database: DatabaseHandle,
  log: FastifyBaseLogger,
  sources: SessionSources,
): Promise<SessionCache> {
  const readSessions = sources.read;
  const store = createSessionStore();
  // Bumped by every revocation and gap: a read that started before one must not be kept.
  let generation = 0;
  const refresher = createRefresher(store, readSessions, log, () => generation);
  const load = createLoader(
    store,
    readSessions,
    () => generation,
    () => subscription.live,
  );
  const subscription: Subscription = await subscribe(
    database,
    REVOCATIONS_CHANNEL,
    (payload) => {
      const revocation = parseRevocation(payload, log);
      if (!revocation) return;
      generation++;
      // Every session of the user goes, whatever the revocation named: the next request reads
      // the account afresh (a ban or a role change concerns every session anyway).
      store.forgetUser(revocation.userId);
    },
    () => {
      generation++;
      store.clear();
    },
    // A revocation holds in every process before the route that made it answers.
    { everywhere: true },
  );
  await warmUp(
    store,
    sources,
    log,
    () => generation,
    () => subscription.live,
  );
  return {
    get(tokenHash, nowMs) {
      const entry = store.get(tokenHash);
      if (!entry) return null;
      if (nowMs >= entry.expiresAt || nowMs - entry.cachedAt > MAX_AGE_MS || !subscription.live) {
        store.forget(tokenHash);
        return null;
      }
      if (nowMs - entry.cachedAt > REFRESH_AFTER_MS) refresher.due(tokenHash, nowMs);
      return entry;
    },
    load,
    settle: () => subscription.settle(),
    close: () => subscription.close(),
  };
}
