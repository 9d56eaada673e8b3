import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communityComments, notifications } from '#server/db/schema.ts';
import { logModeration } from '#server/modules/moderation/log.ts';
import { notify } from '#server/modules/notifications/service.ts';
import {
  call,
  type Member,
  member,
  newComment,
  newPost,
  roomyLimits,
} from '#server-test/community.ts';
import { createTestApp, type TestApp } from '#server-test/helper.ts';

/** Replies and moderators' actions notify the member concerned, live on their event stream. */

let t: TestApp;
let baseUrl: string;
let alice: Member;
let bob: Member;
let carol: Member;

beforeAll(async () => {
  t = await createTestApp({ env: roomyLimits });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  alice = await member(t.app, 'alice');
  bob = await member(t.app, 'bob');
  carol = await member(t.app, 'carol');
}, 60_000);
afterAll(() => t.close());

async function list(who: Member, query = '') {
  const response = await call(t.app, 'GET', `/api/notifications${query}`, who.cookie);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return response.json();
}

async function unread(who: Member): Promise<number> {
  const response = await call(t.app, 'GET', '/api/notifications/unread', who.cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().unread;
}

/** Reads everything until done, for a stream of someone who should hear nothing. */
async function readAll(who: Member) {
  await t.database.db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(eq(notifications.userId, who.id));
}

/** A member's open event stream and the `data:` events it has received so far. */
async function openStream(who: Member) {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/events`, {
    headers: { cookie: who.cookie },
    signal: controller.signal,
  });
  const reader = response.body?.getReader();
  if (!reader) throw new Error('no stream');
  const decoder = new TextDecoder();
  let received = '';
  let reading = reader.read();
  const readFor = async (ms: number, needle?: string) => {
    const deadline = Date.now() + ms;
    while (!(needle && received.includes(needle)) && Date.now() < deadline) {
      const timeout = new Promise<null>((resolve) =>
        setTimeout(() => resolve(null), Math.max(1, deadline - Date.now())),
      );
      const chunk = await Promise.race([reading, timeout]);
      if (!chunk) break;
      if (chunk.done) break;
      received += decoder.decode(chunk.value, { stream: true });
      reading = reader.read();
    }
  };
  await readFor(10_000, ': connected');
  return {
    readFor,
    events: () =>
      received
        .split('\n')
        .filter((line) => line.startsWith('data: '))
        .map((line) => JSON.parse(line.slice(6)) as { type: string; unread?: number }),
    close: () => {
      // The read still waiting rejects with the abort; nobody awaits it any more.
      reading.catch(() => {});
      controller.abort();
    },
  };
}

describe('notifications', () => {
  it('tells a post’s author of a comment, live, and nobody else', async () => {
    await Promise.all([readAll(alice), readAll(bob), readAll(carol)]);
    const aliceStream = await openStream(alice);
    const carolStream = await openStream(carol);
    try {
      const postId = await newPost(t.app, alice.cookie, { title: 'Hashrate thoughts' });
      const commentId = await newComment(t.app, bob.cookie, postId, 'Nice post about hashrate');
      await aliceStream.readFor(10_000, '"type":"notifications"');
      expect(aliceStream.events().filter((e) => e.type === 'notifications')).toEqual([
        { type: 'notifications', unread: 1 },
      ]);
      await carolStream.readFor(300);
      expect(carolStream.events().filter((e) => e.type === 'notifications')).toEqual([]);

      expect(await unread(alice)).toBe(1);
      expect(await unread(bob)).toBe(0);
      expect(await unread(carol)).toBe(0);
      const page = await list(alice);
      expect(page.unread).toBe(1);
      expect(page.items[0]).toEqual({
        id: expect.any(String),
        kind: 'reply',
        createdAt: expect.any(String),
        readAt: null,
        actor: { username: 'bob', memberTag: expect.stringMatching(/^[0-9a-f]{6}$/) },
        postId,
        commentId,
        repliedTo: 'post',
        details: {
          postTitle: 'Hashrate thoughts',
          excerpt: 'Nice post about hashrate',
          action: null,
          reason: null,
        },
      });
      expect(
        (await list(bob)).items.filter((n: { postId: string }) => n.postId === postId),
      ).toEqual([]);
      expect((await list(carol)).items).toEqual([]);
    } finally {
      aliceStream.close();
      carolStream.close();
    }
  });

  it('notifies nobody of a comment on their own post', async () => {
    await readAll(alice);
    const before = (await list(alice)).items.length;
    const postId = await newPost(t.app, alice.cookie);
    await newComment(t.app, alice.cookie, postId, 'My own remark');
    expect(await unread(alice)).toBe(0);
    expect((await list(alice)).items.length).toBe(before);
  });

  it('pages newest first, marks one read, refuses someone else’s, then reads all', async () => {
    await readAll(carol);
    const postId = await newPost(t.app, carol.cookie, { title: 'Paged' });
    for (let i = 0; i < 5; i += 1) await newComment(t.app, bob.cookie, postId, `Reply ${i}`);
    expect(await unread(carol)).toBe(5);

    const first = await list(carol, '?limit=2');
    expect(first.items.map((n: { details: { excerpt: string } }) => n.details.excerpt)).toEqual([
      'Reply 4',
      'Reply 3',
    ]);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await list(carol, `?limit=2&cursor=${first.nextCursor}`);
    expect(second.items.map((n: { details: { excerpt: string } }) => n.details.excerpt)).toEqual([
      'Reply 2',
      'Reply 1',
    ]);
    const third = await list(carol, `?limit=2&cursor=${second.nextCursor}`);
    expect(third.items.map((n: { details: { excerpt: string } }) => n.details.excerpt)).toContain(
      'Reply 0',
    );
    const bad = await call(t.app, 'GET', '/api/notifications?cursor=not-a-cursor', carol.cookie);
    expect(bad.statusCode).toBe(400);

    const target = first.items[0].id as string;
    // Someone else's notice: a 404, and it stays unread.
    const foreign = await call(t.app, 'POST', `/api/notifications/${target}/read`, alice.cookie);
    expect(foreign.statusCode).toBe(404);
    const [still] = await t.database.db
      .select({ readAt: notifications.readAt })
      .from(notifications)
      .where(eq(notifications.id, target));
    expect(still?.readAt).toBeNull();

    const stream = await openStream(carol);
    try {
      const marked = await call(t.app, 'POST', `/api/notifications/${target}/read`, carol.cookie);
      expect(marked.statusCode, marked.body).toBe(200);
      expect(marked.json()).toEqual({ unread: 4 });
      await stream.readFor(10_000, '"unread":4');
      // Marking it again changes nothing.
      const again = await call(t.app, 'POST', `/api/notifications/${target}/read`, carol.cookie);
      expect(again.json()).toEqual({ unread: 4 });
      const page = await list(carol, '?limit=1');
      expect(page.items[0].readAt).toEqual(expect.any(String));

      const all = await call(t.app, 'POST', '/api/notifications/read-all', carol.cookie);
      expect(all.statusCode, all.body).toBe(200);
      expect(all.json()).toEqual({ unread: 0 });
      await stream.readFor(10_000, '"unread":0');
      expect(stream.events().filter((e) => e.type === 'notifications')).toEqual([
        { type: 'notifications', unread: 4 },
        { type: 'notifications', unread: 0 },
      ]);
      expect(await unread(carol)).toBe(0);
      expect((await list(carol)).unread).toBe(0);
    } finally {
      stream.close();
    }
  });

  it('tells a member of a moderator’s action on their post, with the reason and no name', async () => {
    await readAll(bob);
    const postId = await newPost(t.app, bob.cookie, { title: 'Pump it' });
    await t.database.db.transaction((tx) =>
      logModeration(
        tx,
        { role: 'moderator', id: carol.id, email: 'carol@example.com' },
        {
          action: 'post.removed',
          target: { type: 'post', id: postId },
          targetUserId: bob.id,
          targetLabel: 'Pump it',
          reason: 'Market manipulation',
          postId,
          postTitle: 'Pump it',
        },
      ),
    );
    const page = await list(bob);
    expect(page.unread).toBe(1);
    expect(page.items[0]).toMatchObject({
      kind: 'moderation',
      actor: null,
      postId,
      repliedTo: null,
      details: { postTitle: 'Pump it', action: 'post.removed', reason: 'Market manipulation' },
    });
  });

  it('says a reply answered the member’s comment when its parent is theirs', async () => {
    await readAll(carol);
    const postId = await newPost(t.app, bob.cookie, { title: 'Threads' });
    const parentId = await newComment(t.app, carol.cookie, postId, 'A first thought');
    const [reply] = await t.database.db
      .insert(communityComments)
      .values({
        postId,
        userId: alice.id,
        content: 'An answer',
        parentId,
        rootId: parentId,
        depth: 1,
      })
      .returning({ id: communityComments.id });
    await notify(t.database.db, {
      userId: carol.id,
      kind: 'reply',
      actorUserId: alice.id,
      postId,
      commentId: reply?.id,
      details: { postTitle: 'Threads', excerpt: 'An answer' },
    });
    const [latest] = (await list(carol)).items;
    expect(latest).toMatchObject({ actor: { username: 'alice' }, repliedTo: 'comment' });
  });

  it('refuses visitors and answers an unknown id with a 404', async () => {
    expect((await call(t.app, 'GET', '/api/notifications')).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/api/notifications/unread')).statusCode).toBe(401);
    const unknown = await call(
      t.app,
      'POST',
      '/api/notifications/00000000-0000-4000-8000-000000000000/read',
      alice.cookie,
    );
    expect(unknown.statusCode).toBe(404);
    const malformed = await call(t.app, 'POST', '/api/notifications/nope/read', alice.cookie);
    expect(malformed.statusCode).toBe(400);
  });
});
