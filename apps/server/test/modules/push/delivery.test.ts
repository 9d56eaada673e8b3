import type { PushPayload } from '@btcp/shared';
import { pushNotificationTexts } from '@btcp/shared/push-notifications';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushOutbox, pushSubscriptions } from '#server/db/schema.ts';
import { closeStaleSessions } from '#server/modules/mining/index.ts';
import { adminCookie, post } from '#server-test/accounts.ts';
import { type Member, member, newComment, newPost } from '#server-test/community.ts';
import { createTestApp, manualClock, sameOrigin, type TestApp } from '#server-test/helper.ts';
import {
  type PushService,
  type PushSubscriptionJson,
  startPushService,
} from '#server-test/support/push-service.ts';

const clock = manualClock(new Date('2026-03-02T10:00:00Z'));
let t: TestApp;
let service: PushService;
let alice: Member;
let bob: Member;
let aliceDevice: PushSubscriptionJson;

beforeAll(async () => {
  service = await startPushService();
  t = await createTestApp({ clock, env: { WEB_PUSH_ALLOWED_ORIGINS: service.origin } });
  alice = await member(t.app, 'alice');
  bob = await member(t.app, 'bob');
  aliceDevice = await device(alice);
});
afterAll(async () => {
  await t.close();
  await service.close();
});

async function device(who: Member): Promise<PushSubscriptionJson> {
  const subscription = service.subscription();
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/push/subscriptions',
    headers: { ...sameOrigin, cookie: who.cookie },
    payload: subscription,
  });
  expect(response.statusCode, response.body).toBe(201);
  return subscription;
}

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
});
