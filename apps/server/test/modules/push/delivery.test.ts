import type { PushPayload } from '@btcp/shared';
import { pushNotificationTexts } from '@btcp/shared/push-notifications';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushOutbox, pushSubscriptions } from '#server/db/schema.ts';
import { closeStaleSessions } from '#server/modules/mining/index.ts';
import { adminCookie, post } from '#server-test/accounts.ts';
import { type Member, member, newComment, newPost } from '#server-test/community.ts';
import { manualClock, sameOrigin, type TestApp } from '#server-test/helper.ts';
import type { PushService, PushSubscriptionJson } from '#server-test/support/push-service.ts';
import { type PushTestApp, pushTestApp } from '#server-test/support/push-test-app.ts';

const clock = manualClock(new Date('2026-03-02T10:00:00Z'));
let push: PushTestApp;
let t: TestApp;
let service: PushService;
let alice: Member;
let bob: Member;
let aliceDevice: PushSubscriptionJson;

beforeAll(async () => {
  push = await pushTestApp({ clock });
  ({ t, service, alice, bob } = push);
  aliceDevice = await push.device(alice);
});
afterAll(() => push.close());

const device = (who: Member) => push.device(who);

/** Polls until `check` holds: the drainer works outside the request. */
async function eventually(check: () => Promise<boolean>, what: string) {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`never: ${what}`);
}

const outboxCount = () => t.database.db.$count(pushOutbox);
const lastReceived = (subscription: PushSubscriptionJson) =>
  service.received(subscription.endpoint).at(-1) as PushPayload | undefined;

describe('Web Push delivery (decision 063)', () => {
  it('sends a reply to the member’s device, encrypted, with the notifications page’s words', async () => {
    const postId = await newPost(t.app, alice.cookie, { title: 'Halving day' });
    const commentId = await newComment(t.app, bob.cookie, postId, 'Congratulations');
    await service.waitFor(1);
    expect(service.received(aliceDevice.endpoint)).toEqual([
      {
        kind: 'reply',
        title: pushNotificationTexts.replyTitle,
        body: 'u/bob replied to your post “Halving day”',
        url: `/community/${postId}`,
        tag: expect.stringMatching(/^notification-/),
      },
    ]);
    // Only what the notification shows: not the comment's text.
    expect(JSON.stringify(lastReceived(aliceDevice))).not.toContain('Congratulations');
    await eventually(async () => (await outboxCount()) === 0, 'the outbox emptied');
    const [row] = await t.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, aliceDevice.endpoint));
    expect(row?.lastDeliveredAt).not.toBeNull();

    // Alice answers Bob's comment; Bob has no device, so nothing is queued for him.
    await t.app.inject({
      method: 'POST',
      url: `/api/community/posts/${postId}/comments`,
      headers: { ...sameOrigin, cookie: alice.cookie },
      payload: { content: 'Thanks', parentId: commentId },
    });
    expect(await outboxCount()).toBe(0);
  });

  it('deletes a device the push service says is gone (410, then 404), with what it had queued', async () => {
    for (const status of [410, 404]) {
      const doomed = await device(alice);
      service.answer(doomed.endpoint, status);
      const postId = await newPost(t.app, alice.cookie);
      const accepted = service.stats.accepted;
      await newComment(t.app, bob.cookie, postId);
      // The other device still gets it.
      await service.waitFor(accepted + 1);
      await eventually(
        async () =>
          (await t.database.db.$count(
            pushSubscriptions,
            eq(pushSubscriptions.endpoint, doomed.endpoint),
          )) === 0,
        `the device answered ${status} is deleted`,
      );
      expect(await outboxCount()).toBe(0);
    }
  });

  it('tries again after a 429, no sooner than Retry-After and its back-off, then delivers', async () => {
    service.answer(aliceDevice.endpoint, 429, 1, 120);
    const postId = await newPost(t.app, alice.cookie, { title: 'Busy' });
    const before = service.received(aliceDevice.endpoint).length;
    await newComment(t.app, bob.cookie, postId);
    const waiting = async () => {
      const [row] = await t.database.db.select().from(pushOutbox);
      return row;
    };
    await eventually(async () => (await waiting())?.attempts === 1, 'the 429 is noted');
    const row = await waiting();
    expect(row?.lastError).toContain('429');
    expect(row?.nextAttemptAt.getTime()).toBe(clock.now().getTime() + 120_000);
    // Not before it is due.
    t.app.pushDrainer.kick();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(service.received(aliceDevice.endpoint)).toHaveLength(before);
    clock.advance(120_000);
    t.app.pushDrainer.kick();
    await eventually(
      async () => service.received(aliceDevice.endpoint).length === before + 1,
      'the retry is delivered',
    );
    expect(lastReceived(aliceDevice)?.body).toBe('u/bob replied to your post “Busy”');
    await eventually(async () => (await outboxCount()) === 0, 'the outbox emptied');
  });

  it('tells a member whose mining session the server closed for want of pings', async () => {
    const started = await post(t.app, '/api/mining/start', undefined, alice.cookie);
    expect(started.statusCode, started.body).toBe(201);
    clock.advance(5 * 60_000);
    const before = service.received(aliceDevice.endpoint).length;
    expect(await closeStaleSessions(t.database.db, clock.now(), t.app.log)).toBe(1);
    await eventually(
      async () => service.received(aliceDevice.endpoint).length === before + 1,
      'the mining-stopped notification arrives',
    );
    expect(lastReceived(aliceDevice)).toEqual({
      kind: 'miningStopped',
      title: pushNotificationTexts.miningStoppedTitle,
      body: pushNotificationTexts.miningStoppedBody,
      url: '/dashboard',
      tag: 'mining-stopped',
    });
  });

  it('shows the last hour’s deliveries and failures on the System card', async () => {
    const admin = await adminCookie(t.app);
    const response = await t.app.inject({ url: '/api/admin/system', headers: { cookie: admin } });
    expect(response.statusCode, response.body).toBe(200);
    // Delivered: the first reply, one to the remaining device in each prune round, the retried
    // reply and the mining stop; failed: the 410, the 404 and the 429.
    expect(response.json().pushLastHour).toEqual({ delivered: 5, failed: 3 });
    clock.advance(61 * 60_000);
    const later = await t.app.inject({ url: '/api/admin/system', headers: { cookie: admin } });
    expect(later.json().pushLastHour).toEqual({ delivered: 0, failed: 0 });
  });

  it('settles a batch of several 429s in one drain, each row with its own attempts and wait', async () => {
    const carol = await member(t.app, 'carol');
    // Devices answered 429 with their own Retry-After, after their own earlier attempts; one
    // more at its last try, and one that takes the notification.
    const rows = [
      { priorAttempts: 0, retryAfter: 600 },
      { priorAttempts: 4, retryAfter: 60 },
      { priorAttempts: 2, retryAfter: 1 },
      { priorAttempts: 7, retryAfter: 1 },
      { priorAttempts: 3, retryAfter: null },
    ];
    const devices = await Promise.all(rows.map(() => device(carol)));
    rows.forEach((row, i) => {
      const endpoint = devices[i]?.endpoint ?? '';
      if (row.retryAfter !== null) service.answer(endpoint, 429, 1, row.retryAfter);
    });
    const subscriptions = await t.database.db
      .select({ id: pushSubscriptions.id, endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, carol.id));
    const subscriptionOf = (i: number) =>
      subscriptions.find((row) => row.endpoint === devices[i]?.endpoint)?.id ?? '';
    const payload: PushPayload = { kind: 'reply', title: 'T', body: 'B', url: '/', tag: 'storm' };
    // One statement, so one lease takes them all and one settle answers for them all.
    const queued = await t.database.db
      .insert(pushOutbox)
      .values(
        rows.map((row, i) => ({
          subscriptionId: subscriptionOf(i),
          payload,
          attempts: row.priorAttempts,
          nextAttemptAt: clock.now(),
        })),
      )
      .returning({ id: pushOutbox.id });
    t.app.pushDrainer.kick();
    await eventually(
      async () => (await outboxCount()) === 3,
      'the last try and the delivery leave the outbox',
    );
    const left = await t.database.db.select().from(pushOutbox);
    const settled = queued.map(({ id }) => left.find((row) => row.id === id));
    const at = (seconds: number) => clock.now().getTime() + seconds * 1000;
    // Retry-After where it is longer than the back-off (15 s doubled per attempt), else the back-off.
    expect(settled.map((row) => row && [row.attempts, row.nextAttemptAt.getTime()])).toEqual([
      [1, at(600)],
      [5, at(480)],
      [3, at(120)],
      undefined,
      undefined,
    ]);
    for (const row of settled.slice(0, 3)) expect(row?.lastError).toContain('429');
    expect(service.received(devices[4]?.endpoint ?? '')).toEqual([payload]);
  });
});
