import type { PushKind, PushPayload, PushPreferences } from '@btcp/shared';
import { pushNotificationTexts } from '@btcp/shared/push-notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { miningStreaks, pushOutbox } from '#server/db/schema.ts';
import { memberTag } from '#server/lib/member-tag.ts';
import { notify } from '#server/modules/notifications/index.ts';
import { enqueuePush, queueStreakReminders } from '#server/modules/push/index.ts';
import { adminCookie, signedUpUser, userIdOf } from '#server-test/accounts.ts';
import { call, type Member, newComment, newPost } from '#server-test/community.ts';
import { sameOrigin, type TestApp } from '#server-test/helper.ts';
import { type PushTestApp, pushTestApp } from '#server-test/support/push-test-app.ts';

/** What is queued, with the drainer stopped so the outbox keeps it for the test to read. */
let push: PushTestApp;
let t: TestApp;
let alice: Member;
let bob: Member;
/** The statements the app sends, for counting a reply's. */
let sent: string[] = [];

beforeAll(async () => {
  push = await pushTestApp({ onQuery: (statement) => sent.push(statement) });
  ({ t, alice, bob } = push);
  await t.app.pushDrainer.stop();
  for (const who of [alice, alice, bob]) await push.device(who);
});
afterAll(() => push.close());

const choose = async (who: Member, preferences: Partial<PushPreferences>) => {
  const current = (await call(t.app, 'GET', '/api/push', who.cookie)).json().preferences;
  const response = await t.app.inject({
    method: 'PUT',
    url: '/api/push/preferences',
    headers: { ...sameOrigin, cookie: who.cookie },
    payload: { ...current, ...preferences },
  });
  expect(response.statusCode, response.body).toBe(200);
};

const setPush = async (enabled: boolean) => {
  const response = await t.app.inject({
    method: 'PUT',
    url: '/api/admin/settings/push',
    headers: { ...sameOrigin, cookie: await adminCookie(t.app) },
    payload: { enabled },
  });
  expect(response.statusCode, response.body).toBe(200);
};

/** Queues one notification of `kind` for both members and empties the outbox again. */
async function queued(kind: PushKind): Promise<number> {
  const payload: PushPayload = { kind, title: 'T', body: 'B', url: '/dashboard', tag: kind };
  const count = await enqueuePush(t.database.db, kind, [alice.id, bob.id], payload);
  expect(await t.database.db.$count(pushOutbox)).toBe(count);
  await t.database.db.delete(pushOutbox);
  return count;
}

const outbox = () => t.database.db.select().from(pushOutbox);

describe('Queueing Web Push notifications (decision 063)', () => {
  it('queues one per device of each member whose switch for the kind is on', async () => {
    // The defaults: all but the streak reminder; Alice has two devices, Bob one.
    expect(await queued('reply')).toBe(3);
    expect(await queued('moderation')).toBe(3);
    expect(await queued('miningStopped')).toBe(3);
    expect(await queued('streakAtRisk')).toBe(0);
    await choose(alice, {
      reply: false,
      moderation: false,
      miningStopped: false,
      streakAtRisk: true,
    });
    expect(await queued('reply')).toBe(1);
    expect(await queued('moderation')).toBe(1);
    expect(await queued('miningStopped')).toBe(1);
    expect(await queued('streakAtRisk')).toBe(2);
    await choose(alice, { reply: true, moderation: true, miningStopped: true });
  });

  it('queues nothing while an admin has push off', async () => {
    await setPush(false);
    for (const kind of ['reply', 'moderation', 'miningStopped', 'streakAtRisk'] as const) {
      expect(await queued(kind)).toBe(0);
    }
    await setPush(true);
    expect(await queued('reply')).toBe(3);
  });

  it('queues nothing for a reply whose transaction rolls back', async () => {
    await expect(
      t.database.db.transaction(async (tx) => {
        await notify(tx, {
          userId: alice.id,
          kind: 'moderation',
          details: { action: 'post.removed', postTitle: 'Gone', reason: 'Spam' },
        });
        expect(await tx.$count(pushOutbox)).toBe(2);
        throw new Error('the action failed');
      }),
    ).rejects.toThrow('the action failed');
    expect(await outbox()).toEqual([]);
  });

  it('words a moderator’s decision as the notifications page does, and links to it', async () => {
    await notify(t.database.db, {
      userId: bob.id,
      kind: 'moderation',
      details: { action: 'post.removed', postTitle: 'Gone', reason: 'Spam' },
    });
    const rows = await outbox();
    expect(rows.map((row) => row.payload)).toEqual([
      {
        kind: 'moderation',
        title: pushNotificationTexts.moderationTitle,
        body: 'A moderator removed your post “Gone”',
        url: '/notifications',
        tag: expect.stringMatching(/^notification-/),
      },
    ]);
    await t.database.db.delete(pushOutbox);
  });

  it('queues a reply in one statement of its transaction, in the notifications page’s words', async () => {
    const postId = await newPost(t.app, alice.cookie, { title: 'Counted' });
    const commentId = await newComment(t.app, alice.cookie, postId, 'Mine');
    const reply = (content: string, parentId?: string) =>
      call(t.app, 'POST', `/api/community/posts/${postId}/comments`, bob.cookie, {
        content,
        parentId,
      });
    const bodies = async () => {
      const rows = await outbox();
      await t.database.db.delete(pushOutbox);
      return rows.map((row) => (row.payload as PushPayload).body);
    };
    sent = [];
    expect((await reply('To your comment', commentId)).statusCode).toBe(201);
    // The member's devices, switch and the admin's, the replier's name and the comment answered.
    expect(sent.filter((statement) => /"push_/.test(statement))).toHaveLength(1);
    expect(await bodies()).toEqual([
      'u/bob replied to your comment on “Counted”',
      'u/bob replied to your comment on “Counted”',
    ]);
    expect((await reply('To your post')).statusCode).toBe(201);
    expect(await bodies()).toEqual([
      'u/bob replied to your post “Counted”',
      'u/bob replied to your post “Counted”',
    ]);
    // A replier without a username is named by their tag, as the thread names them.
    await signedUpUser(t.app, 'nameless@example.com');
    const namelessId = await userIdOf(t.database.db, 'nameless@example.com');
    await notify(t.database.db, {
      userId: alice.id,
      kind: 'reply',
      actorUserId: namelessId,
      postId,
      details: { postTitle: 'Counted' },
    });
    expect(await bodies()).toEqual([
      `Member #${memberTag(namelessId)} replied to your post “Counted”`,
      `Member #${memberTag(namelessId)} replied to your post “Counted”`,
    ]);
  });

  it('reminds of a streak at risk once a day, from 20:00 UTC of the day after the last mining day', async () => {
    // Alice switched the reminder on (above); Bob did not. Both last mined on 1 March.
    await t.database.db.insert(miningStreaks).values(
      [alice, bob].map((who) => ({
        userId: who.id,
        lastDay: '2026-03-01',
        startedOn: '2026-02-20',
        days: 10,
        longest: 10,
      })),
    );
    const remind = (at: string) => queueStreakReminders(t.database.db, new Date(at));
    // 1 March is a mining day: nothing at risk that evening.
    expect(await remind('2026-03-01T21:00:00Z')).toBe(0);
    // 2 March: not before 20:00, then once for each of Alice's two devices, then no more that day.
    expect(await remind('2026-03-02T19:59:59Z')).toBe(0);
    expect(await remind('2026-03-02T20:00:00Z')).toBe(2);
    expect(await remind('2026-03-02T23:50:00Z')).toBe(0);
    expect((await outbox()).map((row) => row.payload)).toEqual([
      expect.objectContaining({
        kind: 'streakAtRisk',
        title: pushNotificationTexts.streakAtRiskTitle,
        body: pushNotificationTexts.streakAtRiskBody,
        url: '/dashboard',
        tag: 'streak-2026-03-02',
      }),
      expect.objectContaining({ tag: 'streak-2026-03-02' }),
    ]);
    // 3 March: the streak is frozen or broken already; the reminder was for the day before.
    expect(await remind('2026-03-03T20:30:00Z')).toBe(0);
    // She mines on 3 March: on the 4th she is reminded again.
    await t.database.db.update(miningStreaks).set({ lastDay: '2026-03-03', days: 11, longest: 11 });
    expect(await remind('2026-03-04T20:10:00Z')).toBe(2);
  });
});
