import type { CommunityPost } from '@btcp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOT_DECAY_SECONDS, HOT_EPOCH_SECONDS } from '#server/modules/community/hot-rank.ts';
import { call, crowd, type Member, newPost, roomyLimits } from '#server-test/community.ts';
import { createTestApp, manualClock, type TestApp } from '#server-test/helper.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

let t: TestApp;
const clock = manualClock(new Date('2026-11-01T12:00:00.000Z'));
let author: Member;
let fans: Member[];
beforeAll(async () => {
  t = await createTestApp({ env: roomyLimits, clock });
  [author, ...fans] = (await crowd(t.app, 'lister', 12)) as [Member, ...Member[]];
});
afterAll(() => t.close());

const page = async (query: string, cookie?: string) => {
  const response = await call(t.app, 'GET', `/api/community/posts?${query}`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { items: CommunityPost[]; nextCursor: string | null };
};
const upvote = (m: Member, postId: string, type: 'upvote' | 'downvote' = 'upvote') =>
  call(t.app, 'POST', `/api/community/posts/${postId}/vote`, m.cookie, { type });

/** Every page of a sort, following nextCursor to the end. */
async function allPages(query: string) {
  const pages: CommunityPost[][] = [];
  let cursor: string | null = null;
  do {
    const result = await page(`${query}${cursor ? `&cursor=${cursor}` : ''}`);
    pages.push(result.items);
    cursor = result.nextCursor;
  } while (cursor);
  return pages;
}

/** The test's own copy of D15's formula, to check the server's order against. */
const hotOf = (post: CommunityPost) => {
  const s = post.upvotes - post.downvotes;
  const age = Date.parse(post.createdAt) / 1000 - HOT_EPOCH_SECONDS;
  return Math.sign(s) * Math.log10(Math.max(Math.abs(s), 1)) + age / HOT_DECAY_SECONDS;
};
const byIdDesc = (a: CommunityPost, b: CommunityPost) => (a.id < b.id ? 1 : -1);

describe('cursor pages (D15: 20 a page)', () => {
  let posts: CommunityPost[];
  beforeAll(async () => {
    // 25 posts a minute apart, except five created in the same instant (ties broken by id).
    for (let i = 0; i < 25; i++) {
      if (i < 5 || i >= 9) clock.advance(MINUTE);
      await newPost(t.app, author.cookie);
    }
    posts = (await page('sort=new&limit=50')).items;
    await Promise.all([
      upvote(fans[0] as Member, posts[10]?.id ?? ''),
      upvote(fans[1] as Member, posts[10]?.id ?? ''),
      upvote(fans[0] as Member, posts[20]?.id ?? '', 'downvote'),
      upvote(fans[0] as Member, posts[6]?.id ?? ''),
    ]);
    posts = (await page('sort=new&limit=50')).items;
    expect(posts).toHaveLength(25);
  });

  const expectedOrder = {
    new: (a: CommunityPost, b: CommunityPost) =>
      Date.parse(b.createdAt) - Date.parse(a.createdAt) || byIdDesc(a, b),
    top: (a: CommunityPost, b: CommunityPost) =>
      b.upvotes - b.downvotes - (a.upvotes - a.downvotes) ||
      Date.parse(b.createdAt) - Date.parse(a.createdAt) ||
      byIdDesc(a, b),
    hot: (a: CommunityPost, b: CommunityPost) => hotOf(b) - hotOf(a) || byIdDesc(a, b),
  };

  for (const sort of ['new', 'top', 'hot'] as const) {
    it(`walks ${sort} in two pages, 20 then 5, in order, with no repeat and no gap`, async () => {
      const pages = await allPages(`sort=${sort}`);
      expect(pages.map((p) => p.length)).toEqual([20, 5]);
      const ids = pages.flat().map((post) => post.id);
      expect(new Set(ids).size).toBe(25);
      expect(ids).toEqual([...posts].sort(expectedOrder[sort]).map((post) => post.id));
    });
  }

  it('refuses a cursor it did not hand out, naming the field', async () => {
    const forged = await call(t.app, 'GET', '/api/community/posts?cursor=bm90LWEtY3Vyc29y');
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.fields).toHaveProperty('cursor');
    const newCursor = (await page('sort=new')).nextCursor;
    const mixed = await call(t.app, 'GET', `/api/community/posts?sort=hot&cursor=${newCursor}`);
    expect(mixed.statusCode).toBe(400);
  });

  it('refuses a cursor whose values its column cannot hold, instead of failing in the database', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const forge = (json: string) => Buffer.from(json).toString('base64url');
    const list = (sort: string, json: string) =>
      call(t.app, 'GET', `/api/community/posts?sort=${sort}&cursor=${forge(json)}`);
    // The score is upvotes − downvotes of two integer columns; JSON's 1e999 parses as Infinity.
    const outOfRange = [
      ['top', `{"s":${2 ** 31},"c":0,"id":"${id}"}`],
      ['top', `{"s":${-(2 ** 31) - 1},"c":0,"id":"${id}"}`],
      ['hot', `{"r":1e999,"id":"${id}"}`],
      ['hot', `{"r":-1e999,"id":"${id}"}`],
      ['new', `{"c":1e999,"id":"${id}"}`],
    ];
    for (const [sort, json] of outOfRange) {
      const response = await list(sort ?? '', json ?? '');
      expect(response.statusCode, `${sort} ${json}: ${response.body}`).toBe(400);
      expect(response.json().error).toMatchObject({ message: 'Invalid cursor' });
    }
    // At the very edges of what the columns hold, a cursor is just a place in the list.
    const atTheEdges = [
      ['top', `{"s":${2 ** 31 - 1},"c":${Number.MAX_SAFE_INTEGER},"id":"${id}"}`],
      ['top', `{"s":${-(2 ** 31)},"c":0,"id":"${id}"}`],
      ['hot', `{"r":1e308,"id":"${id}"}`],
      ['hot', `{"r":-1e308,"id":"${id}"}`],
      ['new', `{"c":${Number.MAX_SAFE_INTEGER},"id":"${id}"}`],
    ];
    for (const [sort, json] of atTheEdges) {
      const response = await list(sort ?? '', json ?? '');
      expect(response.statusCode, `${sort} ${json}: ${response.body}`).toBe(200);
    }
  });
});

describe('Hot (D15)', () => {
  it('ranks a fresh post with a few votes above a week-old one with more', async () => {
    const old = await newPost(t.app, author.cookie, { title: 'Week-old favourite' });
    await Promise.all(fans.map((fan) => upvote(fan, old)));
    clock.advance(7 * DAY);
    const fresh = await newPost(t.app, author.cookie, { title: 'Fresh' });
    await Promise.all(fans.slice(0, 2).map((fan) => upvote(fan, fresh)));

    const hot = (await page('sort=hot&limit=50')).items.map((post) => post.id);
    expect(hot.indexOf(fresh)).toBeLessThan(hot.indexOf(old));
    const top = (await page('sort=top&limit=50')).items.map((post) => post.id);
    expect(top.indexOf(old)).toBeLessThan(top.indexOf(fresh));
  });

  it('ranks the better-voted of two posts of the same age first, and follows new votes', async () => {
    clock.advance(MINUTE);
    const first = await newPost(t.app, author.cookie);
    const second = await newPost(t.app, author.cookie);
    // Reddit's formula gives a score of 1 no lift over 0 (log10 1 = 0): two votes it takes.
    await Promise.all(fans.slice(0, 2).map((fan) => upvote(fan, second)));
    const before = (await page('sort=hot')).items.map((post) => post.id);
    expect(before.indexOf(second)).toBeLessThan(before.indexOf(first));

    await Promise.all(fans.slice(0, 3).map((fan) => upvote(fan, first)));
    const after = (await page('sort=hot')).items.map((post) => post.id);
    expect(after.indexOf(first)).toBeLessThan(after.indexOf(second));
  });
});

describe('topics (D16)', () => {
  it('shows only the posts of the chosen topic; no topic means everywhere', async () => {
    const mining = await newPost(t.app, author.cookie, { topic: 'mining' });
    const bitcoin = await newPost(t.app, author.cookie, { topic: 'bitcoin' });
    const filtered = (await page('topic=mining&limit=50')).items;
    expect(filtered.map((post) => post.id)).toEqual([mining]);
    expect(filtered[0]?.topic).toBe('mining');
    const everywhere = (await page('limit=50')).items.map((post) => post.id);
    expect(everywhere).toEqual(expect.arrayContaining([mining, bitcoin]));
    const unknown = await call(t.app, 'GET', '/api/community/posts?topic=gardening');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields).toHaveProperty('topic');
  });
});

describe('the caller’s view of a list', () => {
  it('marks the caller’s own votes and posts, and nothing for visitors', async () => {
    const postId = await newPost(t.app, author.cookie, { topic: 'cryptocurrency' });
    await upvote(fans[3] as Member, postId, 'downvote');
    const seenByFan = (await page('topic=cryptocurrency', fans[3]?.cookie)).items[0];
    expect(seenByFan).toMatchObject({ id: postId, myVote: 'downvote', isMine: false });
    const seenByAuthor = (await page('topic=cryptocurrency', author.cookie)).items[0];
    expect(seenByAuthor).toMatchObject({ myVote: null, isMine: true });
    expect((await page('topic=cryptocurrency')).items[0]).toMatchObject({
      myVote: null,
      isMine: false,
      author: { username: author.username },
    });
  });
});

describe('sidebar stats (D19)', () => {
  it('counts visible posts, registered members and members seen in the last five minutes', async () => {
    const everyPost = (await allPages('sort=new')).flat().length;
    clock.advance(10 * MINUTE);
    const quiet = await call(t.app, 'GET', '/api/community/stats');
    expect(quiet.json()).toEqual({ posts: everyPost, members: 12, online: 0 });

    await page('sort=new', fans[0]?.cookie);
    await page('sort=new', fans[1]?.cookie);
    expect((await call(t.app, 'GET', '/api/community/stats')).json().online).toBe(2);
    clock.advance(6 * MINUTE);
    expect((await call(t.app, 'GET', '/api/community/stats')).json().online).toBe(0);
  });
});
