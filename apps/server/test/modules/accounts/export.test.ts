import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUsers } from '#server/db/schema.ts';
import {
  adminCookie,
  PASSWORD,
  post,
  signedUpAuthor,
  signedUpUser,
  userIdOf,
} from '#server-test/accounts.ts';
import { createTestApp, manualClock, sameOrigin, type TestApp } from '#server-test/helper.ts';

/** Entering the password again, and the data export it unlocks (decision 025). */

let t: TestApp;
const clock = manualClock();

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t.close();
});

const exportOf = (cookie: string) =>
  t.app.inject({ method: 'GET', url: '/api/account/export', headers: { cookie } });

describe('GET /api/account/export', () => {
  it('holds exactly the caller’s data, and no secret', async () => {
    const mine = await signedUpAuthor(t.app, 'exporter@example.com');
    const theirs = await signedUpAuthor(t.app, 'someone-else@example.com');
    const created = await post(
      t.app,
      '/api/community/posts',
      { title: 'My own post', content: 'Mine' },
      mine,
    );
    const postId = (created.json() as { id: string }).id;
    await post(t.app, '/api/community/posts', { title: 'Their post', content: 'Theirs' }, theirs);
    await post(t.app, `/api/community/posts/${postId}/comments`, { content: 'A reply' }, theirs);

    const response = await exportOf(mine);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="btcp-account-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const data = response.json() as {
      account: { email: string };
      community: { posts: { title: string }[]; comments: unknown[] };
      sessions: { current: boolean }[];
      notifications: { kind: string }[];
      wallet: { balance: string; transactions: unknown[] };
    };
    expect(data.account.email).toBe('exporter@example.com');
    expect(data.community.posts.map((item) => item.title)).toEqual(['My own post']);
    expect(data.community.comments).toEqual([]);
    // The reply to my post notified me.
    expect(data.notifications.map((item) => item.kind)).toEqual(['reply']);
    expect(data.sessions.filter((item) => item.current)).toHaveLength(1);
    expect(response.body).not.toContain('someone-else@example.com');
    expect(response.body).not.toMatch(/passwordHash|password_hash|tokenHash|\$argon2/);
  });

  it('shows an adjustment’s amount and reason, not the admin who made it nor their Idempotency-Key', async () => {
    const cookie = await signedUpUser(t.app, 'adjusted@example.com');
    const admin = await adminCookie(t.app);
    const [root] = await t.app.db.select({ id: adminUsers.id }).from(adminUsers);
    const adminId = root?.id ?? 'no admin';
    const key = 'idem-key-known-to-the-admin-only';
    const userId = await userIdOf(t.app.db, 'adjusted@example.com');
    const adjusted = await t.app.inject({
      method: 'POST',
      url: `/api/admin/wallets/${userId}/adjust`,
      headers: { ...sameOrigin, cookie: admin, 'idempotency-key': key },
      payload: { mode: 'add', amount: '2.5', reason: 'Goodwill' },
    });
    expect(adjusted.statusCode, adjusted.body).toBe(200);
    const response = await exportOf(cookie);
    expect(response.statusCode).toBe(200);
    const rows = (response.json() as { wallet: { transactions: Record<string, unknown>[] } }).wallet
      .transactions;
    expect(rows).toEqual([
      expect.objectContaining({
        amount: '2.50000000',
        transactionType: 'ADMIN_ADJUSTMENT',
        reason: 'Goodwill',
      }),
    ]);
    expect(response.body).not.toContain(adminId);
    expect(response.body).not.toContain(key);
  });

  it('holds the member’s mining days and streak, not whether a day was withheld from a bonus', async () => {
    // To the next noon (UTC): the minute mined below stays within one day.
    const noon = new Date(clock.now());
    noon.setUTCHours(12, 0, 0, 0);
    if (noon <= clock.now()) noon.setUTCDate(noon.getUTCDate() + 1);
    clock.advance(noon.getTime() - clock.now().getTime());
    const admin = await adminCookie(t.app);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings/streaks',
      headers: { ...sameOrigin, cookie: admin },
      payload: { qualifyingMinutes: 1, milestoneBonus: '0' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const cookie = await signedUpUser(t.app, 'miner-export@example.com');
    const started = await post(t.app, '/api/mining/start', undefined, cookie);
    expect(started.statusCode, started.body).toBe(201);
    const sessionId = (started.json() as { id: string }).id;
    clock.advance(30_000);
    expect((await post(t.app, '/api/mining/ping', { sessionId }, cookie)).statusCode).toBe(204);
    clock.advance(30_000);
    expect((await post(t.app, '/api/mining/stop', { sessionId }, cookie)).statusCode).toBe(200);

    const response = await exportOf(cookie);
    expect(response.statusCode, response.body).toBe(200);
    const today = clock.now().toISOString().slice(0, 10);
    expect(response.json()).toMatchObject({
      miningDays: [{ day: today, seconds: 60, mined: true, frozen: false }],
      miningStreak: { current: 1, longest: 1, freezes: 0, startedOn: today, lastDay: today },
    });
    expect(response.body).not.toContain('withheld');
  });

  it('asks for the password again after 10 minutes, and a wrong one unlocks nothing', async () => {
    const cookie = await signedUpUser(t.app, 'later@example.com');
    expect((await exportOf(cookie)).statusCode).toBe(200);
    clock.advance(10 * 60_000 + 1000);
    const stale = await exportOf(cookie);
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject({ error: { code: 'REAUTHENTICATION_REQUIRED' } });

    const wrong = await post(t.app, '/api/account/reauthenticate', { password: 'not it' }, cookie);
    expect(wrong.statusCode).toBe(400);
    expect((await exportOf(cookie)).statusCode).toBe(403);

    const right = await post(t.app, '/api/account/reauthenticate', { password: PASSWORD }, cookie);
    expect(right.statusCode, right.body).toBe(204);
    expect((await exportOf(cookie)).statusCode).toBe(200);
  });

  it('is refused to visitors', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/account/export' });
    expect(response.statusCode).toBe(401);
  });
});
