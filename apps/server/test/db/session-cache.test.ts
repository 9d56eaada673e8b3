import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CachedSession,
  createSessionCache,
  type SessionCache,
} from '#server/db/notifications/session-cache.ts';
import { sessions } from '#server/db/schema.ts';
import { hashToken } from '#server/lib/tokens.ts';
import { readSessions } from '#server/modules/auth/sessions.ts';
import { publishRevocation } from '#server/modules/realtime/hub.ts';
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

/** A cache of its own over the app's database, counting its statements; `hold` delays them. */
async function countingCache() {
  const statements: string[][] = [];
  let release: () => void = () => {};
  let held: Promise<void> | null = null;
  const cache: SessionCache = await createSessionCache(
    testApp.database,
    testApp.app.log,
    async (tokenHashes, now) => {
      statements.push([...tokenHashes]);
      if (held) await held;
      return readSessions(testApp.app.db, tokenHashes, now);
    },
  );
  const hold = () => {
    held = new Promise((resolve) => {
      release = resolve;
    });
  };
  return { cache, statements, hold, release: () => release() };
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
});
