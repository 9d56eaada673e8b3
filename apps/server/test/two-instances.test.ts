import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#server/db/client.ts';
import { claimsTick } from '#server/jobs.ts';
import { adminCookie, cheapenProofOfWork, signedUpUser } from './accounts.ts';
import { createTestApp, openAgain, openTestDatabase, serverUrlOf } from './helper.ts';
import { miningLedger, type Site, send } from './http-journeys.ts';
import { startServer } from './server-process.ts';
import { openStream, stillOpenAfter } from './streams.ts';

/**
 * Decision 054: nothing that must be shared lives in one process. Two servers, each a process of
 * its own as on two machines (not a cluster's workers), on one PostgreSQL database; what one is
 * told, the other acts on at once. PGlite belongs to one process, so this runs on PostgreSQL only.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (!onPostgres) {
  console.warn('two-instances.test.ts skipped: two processes share a PostgreSQL database only');
}

/** Attempts each account may make in a window, on every process together. */
const PER_ACCOUNT = 4;

let database: DatabaseHandle;
let url: string;
const servers: Awaited<ReturnType<typeof startServer>>[] = [];
let one: Site;
let other: Site;
const members = new Map<string, string>();
let admin = '';

describe.skipIf(!onPostgres)('two server processes on one database', () => {
  beforeAll(async () => {
    database = await openTestDatabase();
    url = serverUrlOf(database) ?? '';
    // The accounts are made first, through the app in this process, and the servers then started,
    // so that neither of them sends (and keeps in its own outbox) a mail this setup waits for.
    const setup = await createTestApp({ database: await openAgain(database) });
    await cheapenProofOfWork(setup.app);
    for (const name of ['streamer', 'miner']) {
      members.set(name, await signedUpUser(setup.app, `${name}@example.com`));
    }
    await signedUpUser(setup.app, 'guessed@example.com');
    admin = await adminCookie(setup.app);
    await setup.close();
    for (let i = 0; i < 2; i++) {
      const server = await startServer({
        DATABASE_URL: url,
        RATE_LIMIT_AUTH_PER_ACCOUNT: String(PER_ACCOUNT),
      });
      servers.push(server);
    }
    const ready = await Promise.all(servers.map((server) => server.healthy()));
    expect(ready).toEqual([true, true]);
    [one, other] = servers.map((server) => {
      const base = `http://127.0.0.1:${server.port}`;
      return { url: base, origin: base };
    }) as [Site, Site];
  }, 60_000);
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.cleanUp()));
    await database?.close();
  });

  it('gives each maintenance window to one of the pools that ask (two here, as two processes would), and the next window again to one', async () => {
    const second = await openAgain(database);
    try {
      const window = 10 * 60_000;
      const askAll = (now: Date) =>
        Promise.all(
          [database, second, database, second].map((handle) =>
            claimsTick(handle.db, 'maintenance-test', window, now),
          ),
        );
      const first = await askAll(new Date('2030-01-01T00:01:00Z'));
      const sameWindow = await askAll(new Date('2030-01-01T00:09:59Z'));
      const next = await askAll(new Date('2030-01-01T00:10:00Z'));
      expect(first.filter(Boolean)).toHaveLength(1);
      expect(sameWindow.filter(Boolean)).toHaveLength(0);
      expect(next.filter(Boolean)).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it("ends a member's stream on one process when they sign out on the other", async () => {
    const cookie = members.get('streamer') ?? '';
    const stream = await openStream(other.url, cookie, 10_000);
    expect(stream.status).toBe(200);
    expect(await stillOpenAfter(stream, 300)).toBe('open');
    const signedOut = await send(one, 'POST', '/api/auth/logout', { cookie });
    expect(signedOut.status, signedOut.text).toBeLessThan(300);
    expect(await stream.closed).toBe(true);
    const session = await send(other, 'GET', '/api/auth/session', { cookie });
    expect(session.json()).toMatchObject({ user: null });
  });

  it('counts the sign-in attempts made on either process against one limit', async () => {
    const attempt = (site: Site, password: string) =>
      send(site, 'POST', '/api/auth/login', {
        body: { email: 'guessed@example.com', password, remember: false },
      });
    // Two wrong guesses on each: each process alone has seen fewer than the limit.
    for (let i = 0; i < PER_ACCOUNT; i++) {
      const wrong = await attempt(i % 2 === 0 ? one : other, 'not the password');
      expect(wrong.status).toBe(401);
    }
    expect((await attempt(one, 'not the password')).status).toBe(429);
    expect((await attempt(other, 'correct horse battery')).status).toBe(429);
  });

  it('uses a setting saved on one process on the other at once, and pays a session started on one and stopped on the other exactly once', async () => {
    const current = await send(one, 'GET', '/api/admin/settings/mining', { cookie: admin });
    expect(current.status, current.text).toBe(200);
    const saved = await send(one, 'PUT', '/api/admin/settings/mining', {
      cookie: admin,
      body: { ...current.json(), activePhase: 'early', earlyRate: '36', rewardIntervalSeconds: 1 },
    });
    expect(saved.status, saved.text).toBe(200);

    const cookie = members.get('miner') ?? '';
    const started = await send(other, 'POST', '/api/mining/start', { cookie });
    expect(started.status, started.text).toBe(201);
    expect(Number(started.json().hourlyRate)).toBe(36);
    expect(started.json().rewardIntervalSeconds).toBe(1);
    const sessionId = started.json().id as string;
    const startedAt = Date.now();
    for (let i = 0; i < 4; i++) {
      await sleep(1000);
      const site = i % 2 === 0 ? one : other;
      const ping = await send(site, 'POST', '/api/mining/ping', { cookie, body: { sessionId } });
      expect(ping.status, ping.text).toBe(204);
    }
    const stopped = await send(one, 'POST', '/api/mining/stop', { cookie, body: { sessionId } });
    expect(stopped.status, stopped.text).toBe(200);
    const elapsedSeconds = (Date.now() - startedAt) / 1000;

    // Both processes ran the crediting tick every second; each second was paid by one of them.
    const { credits, paidSeconds, balance } = await miningLedger(url, 'miner@example.com');
    expect(credits.length).toBeGreaterThan(1);
    expect(paidSeconds).toBeGreaterThanOrEqual(3);
    expect(paidSeconds).toBeLessThanOrEqual(Math.ceil(elapsedSeconds));
    // 36 BTCP an hour is 0.01 a second: the wallet holds exactly the seconds paid, once each.
    expect(balance).toBe((paidSeconds / 100).toFixed(8));
    const again = await send(other, 'POST', '/api/mining/stop', { cookie, body: { sessionId } });
    expect(again.status).toBeGreaterThanOrEqual(400);
    expect((await miningLedger(url, 'miner@example.com')).balance).toBe(balance);
  });
});
