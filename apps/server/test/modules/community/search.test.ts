import type { CommunityPost } from '@btcp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCookie } from '#server-test/accounts.ts';
import { call, crowd, type Member, newPost, roomyLimits } from '#server-test/community.ts';
import { createTestApp, manualClock, type TestApp } from '#server-test/helper.ts';

const MINUTE = 60_000;

let t: TestApp;
const clock = manualClock(new Date('2026-11-01T12:00:00.000Z'));
let author: Member;
let reader: Member;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ env: roomyLimits, clock });
  [author, reader] = (await crowd(t.app, 'searcher', 2)) as [Member, Member];
  admin = await adminCookie(t.app);
});
afterAll(() => t.close());

type Page = { items: CommunityPost[]; nextCursor: string | null };

const search = (query: string, cookie?: string) =>
  call(t.app, 'GET', `/api/community/search?${query}`, cookie);

/** The page a search answers, which must be a 200. */
async function found(q: string, extra = '', cookie?: string): Promise<Page> {
  const response = await search(`q=${encodeURIComponent(q)}${extra}`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Page;
}

const titlesOf = (page: Page) => page.items.map((post) => post.title);

/** A post a minute after the last, so "newest first" is never a tie. */
async function postAt(fields: { title: string; content: string }, cookie = author.cookie) {
  clock.advance(MINUTE);
  return newPost(t.app, cookie, fields);
}

describe('ranking', () => {
  it('ranks a post with the word in its title above a newer one with it only in the content', async () => {
    await postAt({ title: 'Solar panels on the roof', content: 'Cheap power for a small rig.' });
    await postAt({ title: 'My week', content: 'I bought solar panels for the garage.' });
    await postAt({ title: 'Unrelated', content: 'Nothing about the sun at all.' });

    const page = await found('solar');
    expect(titlesOf(page)).toEqual(['Solar panels on the roof', 'My week']);
  });

  it('finds a post by a word of its content, stemmed: "mined" finds "mining"', async () => {
    await postAt({ title: 'Night shift', content: 'Mining overnight doubled the balance.' });
    expect(titlesOf(await found('mined'))).toContain('Night shift');
  });

  it('reads the query as a search engine does: phrases, or, -without', async () => {
    await postAt({ title: 'Green tea', content: 'A cup of green tea while the miner runs.' });
    await postAt({ title: 'Green screen', content: 'A tea break, and the screen went green.' });
    expect(titlesOf(await found('"green tea"'))).toEqual(['Green tea']);
    expect(titlesOf(await found('green -screen'))).toEqual(['Green tea']);
    expect(new Set(titlesOf(await found('solar or tea')))).toEqual(
      new Set(['Solar panels on the roof', 'My week', 'Green tea', 'Green screen']),
    );
  });

  it('answers a query without a searchable word with an empty page, not an error', async () => {
    for (const q of ['the', 'and or not', '!!!', '"', '-', 'a & the | of']) {
      expect(await found(q), q).toEqual({ items: [], nextCursor: null });
    }
  });

  it('ignores the case and spacing of the words', async () => {
    expect(titlesOf(await found('  SOLAR   Panels '))).toEqual([
      'Solar panels on the roof',
      'My week',
    ]);
  });
});

describe('what is never found', () => {
  it('never finds a removed post, to anyone, and finds a flagged one', async () => {
    const removed = await postAt({ title: 'Quokka rumours', content: 'Spam about quokkas.' });
    const flagged = await postAt({ title: 'Quokka facts', content: 'Quokkas smile.' });
    expect(titlesOf(await found('quokka')).sort()).toEqual(['Quokka facts', 'Quokka rumours']);

    for (const [id, status] of [
      [removed, 'removed'],
      [flagged, 'flagged'],
    ] as const) {
      const moderated = await call(t.app, 'PATCH', `/api/admin/community/posts/${id}`, admin, {
        status,
      });
      expect(moderated.statusCode, moderated.body).toBe(200);
    }
    expect(titlesOf(await found('quokka'))).toEqual(['Quokka facts']);
    expect(titlesOf(await found('quokka', '', admin))).toEqual(['Quokka facts']);
    expect(titlesOf(await found('rumours', '', reader.cookie))).toEqual([]);
  });

  it('never finds a deleted post', async () => {
    const id = await postAt({ title: 'Axolotl tank', content: 'Regrets.' });
    expect(titlesOf(await found('axolotl'))).toEqual(['Axolotl tank']);
    const deleted = await call(t.app, 'DELETE', `/api/community/posts/${id}`, author.cookie);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await found('axolotl')).toEqual({ items: [], nextCursor: null });
  });
});

describe('pages', () => {
  it('walks 25 matches in pages of 20 and 5, best first then newest, with no repeat and no gap', async () => {
    // Five with the word in the title, twenty in the content only; equal ranks go newest first.
    const titled: string[] = [];
    const content: string[] = [];
    for (let i = 0; i < 25; i++) {
      if (i % 5 === 0) {
        titled.unshift(`Pelican ${i}`);
        await postAt({ title: `Pelican ${i}`, content: 'Seen at the harbour.' });
      } else {
        content.unshift(`Harbour log ${i}`);
        await postAt({ title: `Harbour log ${i}`, content: 'One pelican today.' });
      }
    }
    const first = await found('pelican');
    expect(first.items).toHaveLength(20);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await found('pelican', `&cursor=${first.nextCursor}`);
    expect(second.items).toHaveLength(5);
    expect(second.nextCursor).toBeNull();
    expect([...titlesOf(first), ...titlesOf(second)]).toEqual([...titled, ...content]);

    const small = await found('pelican', '&limit=3');
    expect(titlesOf(small)).toEqual(titled.slice(0, 3));
    const next = await found('pelican', `&limit=3&cursor=${small.nextCursor}`);
    expect(titlesOf(next)).toEqual(titled.slice(3, 5).concat(content.slice(0, 1)));
  });

  it('treats an empty cursor as the first page', async () => {
    expect(titlesOf(await found('pelican', '&limit=2&cursor='))).toHaveLength(2);
  });
});

describe('the caller', () => {
  it('carries the signed-in caller’s votes and own posts, as the lists do', async () => {
    const id = await postAt({ title: 'Wombat burrow', content: 'Cubic droppings.' });
    const mine = await postAt({ title: 'Wombat tracks', content: 'Mine.' }, reader.cookie);
    const voted = await call(t.app, 'POST', `/api/community/posts/${id}/vote`, reader.cookie, {
      type: 'upvote',
    });
    expect(voted.statusCode, voted.body).toBe(200);

    const asReader = await found('wombat', '', reader.cookie);
    const byId = new Map(asReader.items.map((post) => [post.id, post]));
    expect(byId.get(id)).toMatchObject({ myVote: 'upvote', isMine: false, upvotes: 1 });
    expect(byId.get(mine)).toMatchObject({ myVote: null, isMine: true });
    const asVisitor = await found('wombat');
    expect(asVisitor.items.every((post) => post.myVote === null && !post.isMine)).toBe(true);
    expect(asVisitor.items.find((post) => post.id === id)?.upvotes).toBe(1);
  });

  it('finds a new post at once, though the search was answered before', async () => {
    expect(await found('narwhal')).toEqual({ items: [], nextCursor: null });
    await postAt({ title: 'Narwhal tusks', content: 'They are teeth.' });
    expect(titlesOf(await found('narwhal'))).toEqual(['Narwhal tusks']);
  });

  it('is public: visitors search, with an ETag and a cache that is not the caller’s own', async () => {
    const response = await search('q=solar');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toMatch(/^public/);
    const again = await call(t.app, 'GET', '/api/community/search?q=solar');
    expect(again.headers.etag).toBe(response.headers.etag);
    const personal = await search('q=solar', reader.cookie);
    expect(personal.headers['cache-control']).toMatch(/^private/);
  });
});

describe('bad input', () => {
  it('refuses a missing, blank, too long or control-character query with a 400 naming q', async () => {
    for (const query of [
      '',
      'q=',
      'q=%20%20%20',
      `q=${'a'.repeat(201)}`,
      'q=tab%09here',
      'q=line%0Abreak',
      'q=nul%00',
      'q=a&q=b',
    ]) {
      const response = await search(query);
      expect(response.statusCode, `${query}: ${response.body}`).toBe(400);
      expect(response.json().error.fields, query).toHaveProperty('q');
    }
    // 200 characters once trimmed is the longest search.
    const longest = await search(`q=${encodeURIComponent(` ${'b'.repeat(200)} `)}`);
    expect(longest.statusCode, longest.body).toBe(200);
  });

  it('refuses a cursor it did not hand out, and a limit out of range', async () => {
    const forge = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const id = '00000000-0000-4000-8000-000000000000';
    const listCursor = (await call(t.app, 'GET', '/api/community/posts?limit=1')).json()
      .nextCursor as string;
    for (const cursor of [
      'not-a-cursor',
      listCursor,
      forge({ k: -1, c: 0, id }),
      forge({ k: 'NaN', c: 0, id }),
      forge({ k: 0.1, c: -1, id }),
      forge({ k: 0.1, c: 0, id: 'x' }),
      Buffer.from(`{"k":1e999,"c":0,"id":"${id}"}`).toString('base64url'),
    ]) {
      const response = await search(`q=solar&cursor=${cursor}`);
      expect(response.statusCode, `${cursor}: ${response.body}`).toBe(400);
      expect(response.json().error.fields).toHaveProperty('cursor');
    }
    for (const limit of ['0', '51', '1.5', 'x']) {
      const response = await search(`q=solar&limit=${limit}`);
      expect(response.statusCode, limit).toBe(400);
    }
    // The very edges of a rank are places in the list, not errors.
    const edge = await search(`q=solar&cursor=${forge({ k: 1e308, c: 2 ** 53 - 1, id })}`);
    expect(edge.statusCode, edge.body).toBe(200);
  });
});
