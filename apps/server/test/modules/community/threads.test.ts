import { communityMessages } from '@btcp/shared';
import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communityComments, notifications } from '#server/db/schema.ts';
import {
  call,
  type Member,
  member,
  newComment,
  newPost,
  postTally,
  roomyLimits,
} from '#server-test/community.ts';
import { createTestApp, manualClock, type TestApp } from '#server-test/helper.ts';

interface Item {
  id: string;
  parentId: string | null;
  depth: number;
  replyCount: number;
  content: string;
  deleted: boolean;
  author: { username: string | null } | null;
  isMine: boolean;
  myVote: string | null;
}

let t: TestApp;
let alice: Member;
let bob: Member;
let carol: Member;
const clock = manualClock(new Date('2026-01-01T00:00:00Z'));
const sent: string[] = [];
beforeAll(async () => {
  t = await createTestApp({
    env: roomyLimits,
    clock,
    onQuery: (sql) => {
      sent.push(sql);
    },
  });
  [alice, bob, carol] = await Promise.all([
    member(t.app, 'Alice'),
    member(t.app, 'Bob'),
    member(t.app, 'Carol'),
  ]);
});
afterAll(() => t.close());

/** A comment or reply one second after the last, so every order is unambiguous. */
async function say(who: Member, postId: string, content: string, parentId?: string) {
  clock.advance(1000);
  if (!parentId) return newComment(t.app, who.cookie, postId, content);
  const response = await reply(who, postId, content, parentId);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

const reply = (who: Member, postId: string, content: string, parentId: string) =>
  call(t.app, 'POST', `/api/community/posts/${postId}/comments`, who.cookie, { content, parentId });

async function page(postId: string, query = '', cookie?: string) {
  const response = await call(
    t.app,
    'GET',
    `/api/community/posts/${postId}/comments${query}`,
    cookie,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { items: Item[]; nextCursor: string | null };
}

const texts = (items: Item[]) => items.map((item) => item.content);
const vote = (who: Member, id: string, type: 'upvote' | 'downvote') =>
  call(t.app, 'POST', `/api/community/comments/${id}/vote`, who.cookie, { type });
const remove = (who: Member, id: string) =>
  call(t.app, 'DELETE', `/api/community/comments/${id}`, who.cookie);

/** The post's stored count is exactly the number of its comments not deleted. */
async function expectCountExact(postId: string, expected: number) {
  const tally = await postTally(t.database.db, postId);
  const [live] = await t.database.db
    .select({ value: count() })
    .from(communityComments)
    .where(and(eq(communityComments.postId, postId), isNull(communityComments.deletedAt)));
  expect([tally.post?.commentCount, live?.value]).toEqual([expected, expected]);
}

describe('threads', () => {
  it('nests replies under their parents, in reading order, with depths and reply counts', async () => {
    const postId = await newPost(t.app, alice.cookie);
    const a = await say(bob, postId, 'A');
    const b = await say(carol, postId, 'B', a);
    const c = await say(alice, postId, 'C', b);
    const d = await say(alice, postId, 'D');
    const { items } = await page(postId);
    expect(texts(items)).toEqual(['D', 'A', 'B', 'C']);
    expect(items.map((item) => [item.depth, item.parentId])).toEqual([
      [0, null],
      [0, null],
      [1, a],
      [2, b],
    ]);
    expect(items.map((item) => item.replyCount)).toEqual([0, 1, 1, 0]);
    expect([c, d].every(Boolean)).toBe(true);
    await expectCountExact(postId, 4);
  });

  it('reads a page of threads in one statement over the comments', async () => {
    const postId = await newPost(t.app, alice.cookie);
    const a = await say(bob, postId, 'A');
    await say(carol, postId, 'B', a);
    sent.length = 0;
    await page(postId, '?sort=old&limit=5');
    expect(sent.filter((sql) => /from "community_comments"/i.test(sql))).toHaveLength(1);
  });

  it('shows 8 levels; the sub-thread of the last one shows the rest', async () => {
    const postId = await newPost(t.app, alice.cookie);
    const chain: string[] = [];
    for (let level = 0; level < 11; level++) {
      chain.push(await say(level % 2 ? bob : carol, postId, `L${level}`, chain.at(-1)));
    }
    const { items } = await page(postId);
    expect(texts(items)).toEqual(['L0', 'L1', 'L2', 'L3', 'L4', 'L5', 'L6', 'L7']);
    expect(items.at(-1)).toMatchObject({ depth: 7, replyCount: 1 });

    const sub = await call(t.app, 'GET', `/api/community/comments/${chain[7]}/thread`);
    expect(sub.statusCode, sub.body).toBe(200);
    expect(sub.json()).toMatchObject({ postId, commentId: chain[7] });
    expect(texts(sub.json().items)).toEqual(['L7', 'L8', 'L9', 'L10']);
    expect(sub.json().items.map((item: Item) => item.depth)).toEqual([7, 8, 9, 10]);

    // Eight levels below the start, no more.
    const fromTop = await call(t.app, 'GET', `/api/community/comments/${chain[0]}/thread`);
    expect(fromTop.json().items).toHaveLength(8);
    const missing = await call(
      t.app,
      'GET',
      `/api/community/comments/${crypto.randomUUID()}/thread`,
    );
    expect(missing.statusCode).toBe(404);
    await expectCountExact(postId, 11);
  });

  it('sorts top-level comments and every level of replies New, Top and Old', async () => {
    const postId = await newPost(t.app, alice.cookie);
    const first = await say(bob, postId, 'first');
    const second = await say(bob, postId, 'second');
    const third = await say(bob, postId, 'third');
    const r1 = await say(carol, postId, 'r1', second);
    const r2 = await say(carol, postId, 'r2', second);
    await vote(alice, first, 'upvote');
    await vote(carol, first, 'upvote');
    await vote(alice, third, 'downvote');
    await vote(alice, r1, 'upvote');
    expect(r2).toBeTruthy();

    expect(texts((await page(postId)).items)).toEqual(['third', 'second', 'r2', 'r1', 'first']);
    expect(texts((await page(postId, '?sort=old')).items)).toEqual([
      'first',
      'second',
      'r1',
      'r2',
      'third',
    ]);
    expect(texts((await page(postId, '?sort=top')).items)).toEqual([
      'first',
      'second',
      'r1',
      'r2',
      'third',
    ]);
    const bad = await call(t.app, 'GET', `/api/community/posts/${postId}/comments?sort=hot`);
    expect(bad.statusCode).toBe(400);
  });

  it('pages by top-level comment: a thread is never split across pages', async () => {
    const postId = await newPost(t.app, alice.cookie);
    for (const name of ['p', 'q', 'r', 's', 't']) {
      const top = await say(bob, postId, name);
      const child = await say(carol, postId, `${name}1`, top);
      await say(alice, postId, `${name}2`, child);
    }
    for (const sort of ['new', 'old', 'top']) {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const query: string = `?sort=${sort}&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
        const { items, nextCursor } = await page(postId, query);
        // Each page starts with a top-level comment and holds whole threads.
        expect(items[0]?.depth).toBe(0);
        expect(items.length % 3).toBe(0);
        seen.push(...texts(items));
        cursor = nextCursor;
        pages += 1;
      } while (cursor);
      expect(pages).toBe(3);
      expect(seen).toHaveLength(15);
      expect(new Set(seen).size).toBe(15);
    }
  });
});

describe('replying', () => {
  it('refuses a reply to another post’s comment, to a missing or deleted comment', async () => {
    const postId = await newPost(t.app, alice.cookie);
    const otherPost = await newPost(t.app, alice.cookie);
    const elsewhere = await say(bob, otherPost, 'elsewhere');
    const across = await reply(carol, postId, 'across', elsewhere);
    expect(across.statusCode).toBe(400);
    expect(across.json().error.message).toBe(communityMessages.parentOnOtherPost);
    const missing = await reply(carol, postId, 'nothing', crypto.randomUUID());
    expect(missing.statusCode).toBe(404);
    const malformed = await reply(carol, postId, 'bad id', 'not-a-uuid');
    expect(malformed.statusCode).toBe(400);

    const parent = await say(bob, postId, 'parent');
    await say(carol, postId, 'child', parent);
    expect((await remove(bob, parent)).statusCode).toBe(204);
    const toDeleted = await reply(alice, postId, 'late', parent);
    expect(toDeleted.statusCode).toBe(409);
    expect((await vote(alice, parent, 'upvote')).statusCode).toBe(404);
    // Nothing of the refused replies was written.
    await expectCountExact(postId, 1);
    await expectCountExact(otherPost, 1);
  });

  it('notifies the author of the comment answered, not the post’s author', async () => {
    const postId = await newPost(t.app, alice.cookie);
    const noticesOf = async (who: Member) =>
      (
        await t.database.db
          .select({ commentId: notifications.commentId })
          .from(notifications)
          .where(eq(notifications.userId, who.id))
      ).map((row) => row.commentId);
    const before = { alice: await noticesOf(alice), bob: await noticesOf(bob) };
    const top = await say(bob, postId, 'top');
    expect(await noticesOf(alice)).toEqual([...before.alice, top]);
    const answer = await say(carol, postId, 'answer', top);
    expect(await noticesOf(bob)).toEqual([...before.bob, answer]);
    expect(await noticesOf(alice)).toHaveLength(before.alice.length + 1);
  });
});

describe('deleting in a tree', () => {
  it('keeps a comment with replies as "[deleted]" and removes leaves, up through empty placeholders', async () => {
    const postId = await newPost(t.app, alice.cookie);
    const a = await say(bob, postId, 'A');
    const b = await say(carol, postId, 'B', a);
    const c = await say(bob, postId, 'C', b);
    const d = await say(alice, postId, 'D', a);
    await expectCountExact(postId, 4);

    expect((await remove(carol, b)).statusCode).toBe(204);
    expect((await remove(bob, a)).statusCode).toBe(204);
    await expectCountExact(postId, 2);
    const kept = await page(postId, '', bob.cookie);
    expect(texts(kept.items)).toEqual(['', 'D', '', 'C']);
    expect(kept.items[0]).toMatchObject({ id: a, deleted: true, author: null, isMine: false });
    expect(kept.items[2]).toMatchObject({ id: b, deleted: true, author: null, replyCount: 1 });
    // Deleting again is not found; nor can a deleted comment take a vote.
    expect((await remove(bob, a)).statusCode).toBe(404);

    // C is a leaf: it goes, and so does B (deleted, no replies left); A still holds D.
    expect((await remove(bob, c)).statusCode).toBe(204);
    await expectCountExact(postId, 1);
    expect((await page(postId)).items.map((item) => item.id)).toEqual([a, d]);
    expect((await page(postId)).items[0]?.replyCount).toBe(1);

    // D goes, and A with it: nothing is left.
    expect((await remove(alice, d)).statusCode).toBe(204);
    await expectCountExact(postId, 0);
    expect((await page(postId)).items).toEqual([]);
    const [rows] = await t.database.db
      .select({ value: count() })
      .from(communityComments)
      .where(eq(communityComments.postId, postId));
    expect(rows?.value).toBe(0);
  });

  it('marks a member’s own comments and votes on the kept first page', async () => {
    const postId = await newPost(t.app, alice.cookie);
    const a = await say(bob, postId, 'A');
    await say(carol, postId, 'B', a);
    await vote(carol, a, 'upvote');
    const visitor = await page(postId);
    expect(visitor.items.map((item) => [item.isMine, item.myVote])).toEqual([
      [false, null],
      [false, null],
    ]);
    const asCarol = await page(postId, '', carol.cookie);
    expect(asCarol.items.map((item) => [item.isMine, item.myVote])).toEqual([
      [false, 'upvote'],
      [true, null],
    ]);
  });

  it('has a member’s new comment for their next read, while other reads are building the kept page', async () => {
    const postId = await newPost(t.app, alice.cookie);
    for (let round = 0; round < 10; round += 1) {
      // Reads under way as the comment is written: a visitor's, another member's, the writer's.
      const reads = [undefined, alice.cookie, bob.cookie].map((cookie) => page(postId, '', cookie));
      const id = await say(bob, postId, `Round ${round}`);
      // Asked for after the answer, the kept page is never one from before the comment.
      expect((await page(postId, '', bob.cookie)).items.map((item) => item.id)).toContain(id);
      expect((await page(postId)).items.map((item) => item.id)).toContain(id);
      await Promise.all(reads);
    }
  });
});
