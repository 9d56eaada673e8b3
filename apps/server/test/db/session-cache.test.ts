import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishRevocation } from '#server/db/notifications/channels.ts';
import {
  type CachedSession,
  createSessionCache,
  type SessionCache,
} from '#server/db/notifications/session-cache.ts';
import { sessions, users } from '#server/db/schema.ts';
import { hashToken } from '#server/lib/tokens.ts';
import { readRecentSessions, readSessions } from '#server/modules/auth/sessions.ts';
import { crowd, type Member } from '../community.ts';
import { createTestApp, type TestApp } from '../helper.ts';

/**
 * Decision 013's session cache, reading the sessions it does not hold: a process that has just
 * started (a rolling restart) meets thousands of returning streams and pings at once, and reads
 * their sessions in a few statements instead of one each.
 */
let testApp: TestApp;
let members: Member[];
const hashOf = (member: Member) => hashToken(member.cookie.slice(member.cookie.indexOf('=') + 1));

beforeAll(async () => {
  testApp = await createTestApp();
  members = await crowd(testApp.app, 'cached', 300);
});
afterAll(async () => testApp.close());

/**
 * A cache of its own over the app's database, counting its statements; `hold` delays what they
 * found (`read` resolves once one has found it).
 */
async function countingCache() {
  const statements: string[][] = [];
  let release: () => void = () => {};
  let held: Promise<void> | null = null;
  let found: () => void = () => {};
  const read = new Promise<void>((resolve) => {
    found = resolve;
  });
  const cache: SessionCache = await createSessionCache(testApp.database, testApp.app.log, {
    read: async (tokenHashes, now) => {
      statements.push([...tokenHashes]);
      const sessions = await readSessions(testApp.app.db, tokenHashes, now);
      found();
      if (held) await held;
      return sessions;
    },
    // Nothing kept at the start: these tests are about what it reads on use.
    readRecent: async () => new Map(),
    now: () => new Date(),
  });
  const hold = () => {
    held = new Promise((resolve) => {
      release = resolve;
    });
  };
  return { cache, statements, hold, release: () => release(), read };
}

describe('sessions the cache does not hold', () => {
  it('are read together, each request answered with its own user, then kept', async () => {
    const { cache, statements } = await countingCache();
    const now = Date.now();
    const found = await Promise.all(members.map((m) => cache.load(hashOf(m), now)));
    expect(found.map((session) => session?.user.id)).toEqual(members.map((m) => m.id));
    // The first request reads at once; every other joins the next statement.
    expect(statements.length).toBeLessThanOrEqual(2);
    expect(statements.flat().sort()).toEqual(members.map(hashOf).sort());
    for (const m of members) expect(cache.get(hashOf(m), now)?.user.id).toBe(m.id);
    expect(statements.length).toBeLessThanOrEqual(2);
    await cache.close();
  });

  it('are read once however many requests ask for the same one at once', async () => {
    const { cache, statements } = await countingCache();
    const m = members[0] as Member;
    const found = await Promise.all(
      Array.from({ length: 5 }, () => cache.load(hashOf(m), Date.now())),
    );
    expect(new Set(found.map((session) => session?.user.id))).toEqual(new Set([m.id]));
    expect(statements.flat()).toEqual([hashOf(m)]);
    await cache.close();
  });

  it('answer null for a session that ended, and keep nothing', async () => {
    const { cache, statements } = await countingCache();
    const m = members[1] as Member;
    await testApp.app.db.delete(sessions).where(eq(sessions.tokenHash, hashOf(m)));
    expect(await cache.load(hashOf(m), Date.now())).toBeNull();
    expect(cache.get(hashOf(m), Date.now())).toBeNull();
    expect(statements).toHaveLength(1);
    await cache.close();
  });

  it('found by a read a revocation overtook answer their requests but are not kept', async () => {
    const { cache, hold, release } = await countingCache();
    const m = members[2] as Member;
    hold();
    const loading: Promise<CachedSession | null> = cache.load(hashOf(m), Date.now());
    await publishRevocation(testApp.app.db, { userId: m.id });
    await cache.settle();
    release();
    expect((await loading)?.user.id).toBe(m.id);
    // The next request reads the session afresh, and learns what the revocation changed.
    expect(cache.get(hashOf(m), Date.now())).toBeNull();
    await cache.close();
  });

  it('are read again for a request made after a revocation, not taken from an earlier read', async () => {
    const { cache, statements, hold, release, read } = await countingCache();
    const m = members[3] as Member;
    hold();
    const before = cache.load(hashOf(m), Date.now());
    // That read has found the session when it is signed out.
    await read;
    await testApp.app.db.delete(sessions).where(eq(sessions.tokenHash, hashOf(m)));
    await publishRevocation(testApp.app.db, { userId: m.id });
    await cache.settle();
    const after = cache.load(hashOf(m), Date.now());
    release();
    expect((await before)?.user.id).toBe(m.id);
    expect(await after).toBeNull();
    expect(statements).toEqual([[hashOf(m)], [hashOf(m)]]);
    await cache.close();
  });
});

describe('a process that starts', () => {
  /** Marks members as seen, and their sessions as used, `agoMs` before now. */
  async function seen(group: Member[], agoMs: number) {
    const at = new Date(Date.now() - agoMs);
    const ids = group.map((m) => m.id);
    await testApp.app.db.update(users).set({ lastSeenAt: at }).where(inArray(users.id, ids));
    await testApp.app.db
      .update(sessions)
      .set({ lastUsedAt: at })
      .where(inArray(sessions.userId, ids));
  }

  /** A new cache over the app's database, as a new process builds it, counting reads on use. */
  async function startingCache() {
    const reads: string[][] = [];
    const cache = await createSessionCache(testApp.database, testApp.app.log, {
      read: (tokenHashes, now) => {
        reads.push([...tokenHashes]);
        return readSessions(testApp.app.db, tokenHashes, now);
      },
      readRecent: (seenSince, now, limit) =>
        readRecentSessions(testApp.app.db, seenSince, now, limit),
      now: () => new Date(),
    });
    return { cache, reads };
  }

  it('keeps the live sessions used lately before it answers, and reads no other', async () => {
    const lately = members.slice(10, 60);
    const long = members.slice(60, 70);
    await seen(lately, 30_000);
    await seen(long, 60 * 60_000);
    const ended = members[10] as Member;
    await testApp.app.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashOf(ended)));
    const { cache, reads } = await startingCache();
    const now = Date.now();
    for (const m of lately.slice(1)) expect(cache.get(hashOf(m), now)?.user.id).toBe(m.id);
    for (const m of [...long, ended]) expect(cache.get(hashOf(m), now)).toBeNull();
    expect(reads).toEqual([]);
    await cache.close();
  });

  it('drops what it kept at the start when the user’s sessions are revoked', async () => {
    const m = members[20] as Member;
    await seen([m], 1000);
    const { cache } = await startingCache();
    expect(cache.get(hashOf(m), Date.now())?.user.id).toBe(m.id);
    await publishRevocation(testApp.app.db, { userId: m.id });
    await cache.settle();
    expect(cache.get(hashOf(m), Date.now())).toBeNull();
    await cache.close();
  });
});
