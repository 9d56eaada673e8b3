import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueMail } from '#server/modules/mail/queue.ts';
import { creditDueRewards } from '#server/modules/mining/crediting.ts';
import { adminCookie, post, signedUpUser } from '#server-test/accounts.ts';
import { createTestApp, manualClock, type TestApp } from '#server-test/helper.ts';

const clock = manualClock(new Date('2026-03-01T12:00:00Z'));
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await adminCookie(t.app);
});
afterAll(() => t.close());

const system = async () => {
  const response = await t.app.inject({ url: '/api/admin/system', headers: { cookie: admin } });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return response.json();
};

describe('GET /api/admin/system (the System card)', () => {
  it('measures the operator’s figures now: miners, streams, crediting lag, mail queue, database round trip', async () => {
    const idle = await system();
    expect(idle).toMatchObject({
      minersOnline: 0,
      openStreams: { thisProcess: 0, processes: 1 },
      crediting: { overdueSeconds: 0 },
      mailQueue: { depth: 0, oldestAgeSeconds: 0 },
      measuredAt: clock.now().toISOString(),
    });
    expect(idle.databaseRoundTripMs).toBeGreaterThan(0);
    expect(idle.crediting.lagSeconds).toBeGreaterThanOrEqual(0);

    // A miner whose first reward falls due at 60 s, pinged at 40 s (covered until 70 s).
    const cookie = await signedUpUser(t.app, 'miner@example.com');
    const started = await post(t.app, '/api/mining/start', undefined, cookie);
    expect(started.statusCode, started.body).toBe(201);
    clock.advance(40_000);
    const ping = await post(t.app, '/api/mining/ping', { sessionId: started.json().id }, cookie);
    expect(ping.statusCode, ping.body).toBe(204);
    clock.advance(25_000);
    await t.app.mailDrainer.stop();
    await enqueueMail(t.database.db, 'verify_email', 'waiting@example.com', clock.now());
    clock.advance(1000);

    const behind = await system();
    expect(behind.minersOnline).toBe(1);
    expect(behind.crediting.overdueSeconds).toBe(6);
    expect(behind.mailQueue).toEqual({ depth: 1, oldestAgeSeconds: 1 });

    // Once the job has paid it, nothing is overdue.
    expect(await creditDueRewards(t.database.db, clock.now())).toBe(1);
    expect((await system()).crediting.overdueSeconds).toBe(0);
  });
});
