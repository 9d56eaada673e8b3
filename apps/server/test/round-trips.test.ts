import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { miningSessions } from '#server/db/schema.ts';
import { login, PASSWORD, post, signedUpAuthor } from '#server-test/accounts.ts';
import { type DatabaseProxy, sequentialWaves } from '#server-test/database-proxy.ts';
import { createProxiedTestApp, type TestApp } from '#server-test/helper.ts';

/**
 * What the hot paths wait for the database, counted by the relay between the server and
 * PostgreSQL: each wave of round trips costs the network's round trip once the database is on
 * another machine (docs/scaling.md), so a path that waits once more than it must is a slower
 * answer on every node.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('round trips to the database', () => {
  let t: TestApp;
  let proxy: DatabaseProxy;
  let close: () => Promise<void>;
  let member: string;
  let postId: string;
  const email = 'round-trips@example.com';

  beforeAll(async () => {
    ({ t, proxy, close } = await createProxiedTestApp());
    member = await signedUpAuthor(t.app, email);
    const created = await post(
      t.app,
      '/api/community/posts',
      { title: 'Counted', content: 'Each wave of round trips is a wait.', topic: 'mining' },
      member,
    );
    expect(created.statusCode, created.body).toBe(201);
    postId = created.json().id;
  });
  afterAll(async () => {
    await close?.();
  });

  /** The fewest waves of three tries: a try may meet the work another request set going. */
  async function waves(
    send: () => Promise<LightMyRequestResponse>,
    ok: number,
    after?: (response: LightMyRequestResponse) => Promise<unknown>,
  ) {
    let fewest = Number.POSITIVE_INFINITY;
    for (let attempt = 0; attempt < 3; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const sent = performance.now();
      const response = await send();
      const answered = performance.now();
      expect(response.statusCode, response.body).toBe(ok);
      const trips = proxy.roundTripsBetween(sent, answered);
      fewest = Math.min(fewest, sequentialWaves(trips));
      await after?.(response);
    }
    return fewest;
  }

  it('a sign-in waits twice: its limits with the account and its factors, then the session', async () => {
    const signIn = () => post(t.app, '/api/auth/login', { email, password: PASSWORD });
    expect(await waves(signIn, 200)).toBe(2);
  });

  it('Start, a ping and a vote wait once; the community list kept by the node not at all', async () => {
    const cookie = await login(t.app, email);
    const start = () => post(t.app, '/api/mining/start', undefined, cookie);
    const stop = (started: LightMyRequestResponse) =>
      post(t.app, '/api/mining/stop', { sessionId: started.json().id }, cookie);
    expect(await waves(start, 201, stop)).toBe(1);
    const sessionId = (await start()).json().id;
    const ping = () => post(t.app, '/api/mining/ping', { sessionId }, cookie);
    expect(await waves(ping, 204)).toBe(1);
    let votes = 0;
    const vote = () =>
      post(
        t.app,
        `/api/community/posts/${postId}/vote`,
        { type: votes++ % 2 ? 'downvote' : 'upvote' },
        cookie,
      );
    expect(await waves(vote, 200)).toBe(1);
    const list = () => t.app.inject({ method: 'GET', url: '/api/community/posts' });
    await list();
    expect(await waves(list, 200)).toBe(0);
  });

  it('Stop that pays its rest waits twice: the session read, then one statement that ends and pays it', async () => {
    // A member of its own: the test before leaves its member mining.
    const stopper = 'round-trips-stop@example.com';
    await signedUpAuthor(t.app, stopper);
    const cookie = await login(t.app, stopper);
    let sessionId = '';
    const stop = () => post(t.app, '/api/mining/stop', { sessionId }, cookie);
    // A session whose last 20 seconds are unpaid, as a Stop mostly finds one: it pays the rest,
    // counts it toward referrals and mining days (none of which has anything more to do here).
    const startNext = async () => {
      const started = await post(t.app, '/api/mining/start', undefined, cookie);
      expect(started.statusCode, started.body).toBe(201);
      sessionId = started.json().id;
      await t.database.db
        .update(miningSessions)
        .set({ lastRewardTime: sql`${miningSessions.lastRewardTime} - interval '20 seconds'` })
        .where(eq(miningSessions.id, sessionId));
    };
    const paid = async (stopped: LightMyRequestResponse) => {
      expect(Number(stopped.json().credited)).toBeGreaterThan(0);
      await startNext();
    };
    await startNext();
    expect(await waves(stop, 200, paid)).toBe(2);
  });
});
