import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { REVOCATIONS_CHANNEL } from '../src/db/notifications/channels.ts';
import { profiles } from '../src/db/schema.ts';
import { adminCookie, login, PASSWORD } from './accounts.ts';
import { call, type Member, member, newPost, roomyLimits, setFlags } from './community.ts';
import { createTestApp, makeWebDist, openAgain, SAME_ORIGIN, type TestApp } from './helper.ts';

/**
 * Decision 013: sessions and public pages are kept in each process's memory. Two instances of the app
 * on one database stand for two processes (on PGlite they share the embedded database; on
 * PostgreSQL each has its own pool and listening connection). They are called over real HTTP, as a browser
 * behind a load balancer would call them.
 */
let first: TestApp;
let second: FastifyInstance;
let firstUrl: string;
let secondUrl: string;
/** What the second instance logs at warn level and above. */
const secondWarnings: string[] = [];

beforeAll(async () => {
  first = await createTestApp({ env: roomyLimits });
  second = await buildApp({
    config: { ...first.config, webDistDir: await makeWebDist() },
    database: await openAgain(first.database),
    logger: { level: 'warn', stream: { write: (line: string) => secondWarnings.push(line) } },
  });
  const urlOf = async (app: FastifyInstance) => {
    await app.listen({ host: '127.0.0.1', port: 0 });
    return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  };
  firstUrl = await urlOf(first.app);
  secondUrl = await urlOf(second);
});
afterAll(async () => {
  await second.close();
  await first.close();
});

/** A request over HTTP to one instance; mutating ones come from the site (D4). */
async function send(
  base: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  options: { cookie?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(method === 'GET' ? {} : { origin: SAME_ORIGIN }),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: () => JSON.parse(text) };
}

interface ListedPost {
  id: string;
  title: string;
  upvotes: number;
  myVote: string | null;
  isMine: boolean;
  author: { username: string | null; isBanned: boolean } | null;
}

async function newList(base: string, cookie?: string): Promise<ListedPost[]> {
  const response = await send(base, 'GET', '/api/community/posts?sort=new', { cookie });
  expect(response.status, response.text).toBe(200);
  return response.json().items;
}

/** Asks `base` again until `check` holds, for at most a second (another process's bound). */
async function withinASecond(base: string, check: (items: ListedPost[]) => boolean) {
  const deadline = Date.now() + 1_000;
  for (;;) {
    const items = await newList(base);
    if (check(items)) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('a revoked session', () => {
  let user: Member;

  beforeAll(async () => {
    user = await member(first.app, 'revoked_reader');
  });

  /** Both instances have the session in memory before it is revoked. */
  async function warm(cookie: string) {
    for (const base of [firstUrl, secondUrl]) {
      expect((await send(base, 'GET', '/api/account', { cookie })).status).toBe(200);
    }
  }

  it('is refused at once by every instance after a sign-out', async () => {
    const cookie = await login(first.app, 'revoked_reader@example.com');
    await warm(cookie);
    const warned = secondWarnings.length;
    expect((await send(firstUrl, 'POST', '/api/auth/logout', { cookie })).status).toBe(204);
    expect((await send(secondUrl, 'GET', '/api/account', { cookie })).status).toBe(401);
    expect((await send(firstUrl, 'GET', '/api/account', { cookie })).status).toBe(401);
    // The sign-out is settled by markers on the revocations' channel: the other listeners on it
    // (the realtime hub) skip them rather than warn of a malformed revocation.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(secondWarnings.slice(warned)).toEqual([]);
  });

  it('is refused at once by every instance after a password change elsewhere', async () => {
    const kept = await login(first.app, 'revoked_reader@example.com');
    const other = await login(first.app, 'revoked_reader@example.com');
    await warm(other);
    const changed = await send(firstUrl, 'POST', '/api/account/password', {
      cookie: kept,
      body: {
        currentPassword: PASSWORD,
        newPassword: 'a brand new passphrase',
        confirmPassword: 'a brand new passphrase',
      },
    });
    expect(changed.status, changed.text).toBe(200);
    expect((await send(secondUrl, 'GET', '/api/account', { cookie: other })).status).toBe(401);
    expect((await send(secondUrl, 'GET', '/api/account', { cookie: kept })).status).toBe(200);
    user = { ...user, cookie: kept };
  });

  it('loses what a ban takes, and gains what a role gives, at once in every instance', async () => {
    await warm(user.cookie);
    await setFlags(first.app, user.id, { isBanned: true });
    const posted = await send(secondUrl, 'POST', '/api/community/posts', {
      cookie: user.cookie,
      body: { title: 'Still here?', content: 'A banned user tries to post' },
    });
    expect(posted.status).toBe(403);
    expect(posted.json().error.code).toBe('ACCOUNT_BANNED');

    await setFlags(first.app, user.id, { isBanned: false, isModerator: true });
    const queue = await send(secondUrl, 'GET', '/api/admin/community/posts', {
      cookie: user.cookie,
    });
    expect(queue.status, queue.text).toBe(200);
    await setFlags(first.app, user.id, { isModerator: false });
    expect(
      (await send(secondUrl, 'GET', '/api/admin/community/posts', { cookie: user.cookie })).status,
    ).toBe(403);
  });

  it('notices a ban written by hand in SQL within a second, in every instance', async () => {
    const reader = await member(first.app, 'hand_banned');
    await warm(reader.cookie);
    await first.database.db
      .update(profiles)
      .set({ isBanned: true })
      .where(eq(profiles.id, reader.id));
    const deadline = Date.now() + 1_000;
    const session = () => send(secondUrl, 'GET', '/api/auth/session', { cookie: reader.cookie });
    let seen = await session();
    while (!seen.json().user.isBanned && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      seen = await session();
    }
    expect(seen.json().user.isBanned).toBe(true);
  });
});

describe('listening for changes', () => {
  it('counts the listeners of every instance that a revocation waits for', async () => {
    // Each instance's session cache answers the revocations' settle markers.
    expect(await first.database.answerers(REVOCATIONS_CHANNEL)).toBe(2);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'takes one connection per process on PostgreSQL, whatever the channels and caches',
    async () => {
      // PostgreSQL wakes every listening connection for each NOTIFY, whatever its channel.
      const listening = await first.database.db.execute(
        sql`SELECT count(*)::int AS count FROM pg_stat_activity
            WHERE datname = current_database() AND application_name LIKE 'btcp listen%'`,
      );
      expect((listening as unknown as { rows: { count: number }[] }).rows[0]?.count).toBe(2);
    },
  );
});

describe('the mining settings each instance keeps', () => {
  it('start the next session anywhere at the rate an admin or an operator set', async () => {
    const admin = await adminCookie(first.app);
    const miner = await member(first.app, 'rate_follower');
    const stored = (
      await send(firstUrl, 'GET', '/api/admin/settings/mining', { cookie: admin })
    ).json();
    /** The rate of a session started (and stopped again) on the second instance. */
    const rateOnSecond = async () => {
      const started = await send(secondUrl, 'POST', '/api/mining/start', { cookie: miner.cookie });
      expect(started.status, started.text).toBe(201);
      const stopped = await send(secondUrl, 'POST', '/api/mining/stop', {
        cookie: miner.cookie,
        body: { sessionId: started.json().id },
      });
      expect(stopped.status, stopped.text).toBe(200);
      return started.json().hourlyRate as string;
    };
    const put = (settings: object) =>
      send(firstUrl, 'PUT', '/api/admin/settings/mining', { cookie: admin, body: settings });
    try {
      expect((await put({ ...stored, activePhase: 'early', earlyRate: '321' })).status).toBe(200);
      expect(await rateOnSecond()).toBe('321');

      await first.database.db.execute(
        sql`UPDATE system_settings SET value = jsonb_set(value, '{early_phase,hourly_rate}', '"123"')
            WHERE key = 'mining_phases'`,
      );
      const deadline = Date.now() + 1_000;
      let rate = await rateOnSecond();
      while (rate !== '123' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        rate = await rateOnSecond();
      }
      expect(rate).toBe('123');
    } finally {
      expect((await put(stored)).status).toBe(200);
    }
  });
});

describe('the shared public pages', () => {
  let author: Member;
  let voter: Member;

  beforeAll(async () => {
    author = await member(first.app, 'page_author');
    voter = await member(first.app, 'page_voter');
    await newPost(first.app, author.cookie, { title: 'Already there' });
  });

  it('are fresh after a post, a vote, a status change and a deletion', async () => {
    // Both instances hold the visitors' first page before each change.
    await newList(firstUrl);
    await newList(secondUrl);

    const created = await send(firstUrl, 'POST', '/api/community/posts', {
      cookie: author.cookie,
      body: { title: 'Fresh at once', content: 'Posted on the first instance' },
    });
    expect(created.status).toBe(201);
    const id = created.json().id as string;
    const has = (items: ListedPost[]) => items.some((post) => post.id === id);
    expect(has(await newList(firstUrl))).toBe(true);
    expect(await withinASecond(secondUrl, has)).toBe(true);

    const vote = await send(firstUrl, 'POST', `/api/community/posts/${id}/vote`, {
      cookie: voter.cookie,
      body: { type: 'upvote' },
    });
    expect(vote.status, vote.text).toBe(200);
    const upvoted = (items: ListedPost[]) => items.find((post) => post.id === id)?.upvotes === 1;
    expect(upvoted(await newList(firstUrl))).toBe(true);
    expect(await withinASecond(secondUrl, upvoted)).toBe(true);

    const admin = await adminCookie(first.app);
    const removed = await send(firstUrl, 'PATCH', `/api/admin/community/posts/${id}`, {
      cookie: admin,
      body: { status: 'removed' },
    });
    expect(removed.status, removed.text).toBe(200);
    expect(has(await newList(firstUrl))).toBe(false);
    expect(await withinASecond(secondUrl, (items) => !has(items))).toBe(true);

    const restored = await send(firstUrl, 'PATCH', `/api/admin/community/posts/${id}`, {
      cookie: admin,
      body: { status: 'active' },
    });
    expect(restored.status).toBe(200);
    expect(has(await newList(firstUrl))).toBe(true);
    expect(await withinASecond(secondUrl, has)).toBe(true);

    const deleted = await send(firstUrl, 'DELETE', `/api/community/posts/${id}`, {
      cookie: author.cookie,
    });
    expect(deleted.status).toBe(204);
    expect(has(await newList(firstUrl))).toBe(false);
    expect(await withinASecond(secondUrl, (items) => !has(items))).toBe(true);
  });

  it('show an author’s ban and new name at once', async () => {
    await newList(firstUrl);
    await setFlags(first.app, author.id, { isBanned: true });
    const mine = (items: ListedPost[]) => items.find((post) => post.title === 'Already there');
    expect(mine(await newList(firstUrl))?.author?.isBanned).toBe(true);
    await setFlags(first.app, author.id, { isBanned: false });
    const renamed = await send(firstUrl, 'PATCH', '/api/account', {
      cookie: author.cookie,
      body: { username: 'renamed_author' },
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect(mine(await newList(firstUrl))?.author?.username).toBe('renamed_author');
    expect(
      await withinASecond(secondUrl, (items) => mine(items)?.author?.username === 'renamed_author'),
    ).toBe(true);
  });

  it('never carry one reader’s votes or posts to another', async () => {
    const id = await newPost(first.app, author.cookie, {
      title: 'Whose vote is it',
      content: 'Long enough to be worth compressing. '.repeat(40),
    });
    const voted = await call(first.app, 'POST', `/api/community/posts/${id}/vote`, voter.cookie, {
      type: 'downvote',
    });
    expect(voted.statusCode).toBe(200);
    // The voter reads first, so the shared page is built during a signed-in request.
    const voterView = (await newList(firstUrl, voter.cookie)).find((post) => post.id === id);
    expect(voterView).toMatchObject({ myVote: 'downvote', isMine: false });
    const visitor = await send(firstUrl, 'GET', '/api/community/posts?sort=new');
    expect(visitor.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=1');
    expect(visitor.headers.get('vary')).toContain('cookie');
    const items = visitor.json().items as ListedPost[];
    expect(items.every((post) => post.myVote === null && post.isMine === false)).toBe(true);
    const authorView = (await newList(firstUrl, author.cookie)).find((post) => post.id === id);
    expect(authorView).toMatchObject({ myVote: null, isMine: true });
    const mine = await send(firstUrl, 'GET', '/api/community/posts?sort=new', {
      cookie: author.cookie,
    });
    expect(mine.headers.get('cache-control')).toBe('private, no-cache');
    expect(mine.headers.get('etag')).not.toBe(visitor.headers.get('etag'));
    // The author's own page, compressed as a browser asks for it, still marks the post as theirs.
    const compressed = await first.app.inject({
      method: 'GET',
      url: '/api/community/posts?sort=new',
      headers: { cookie: author.cookie, 'accept-encoding': 'gzip' },
    });
    expect(mine.text.length).toBeGreaterThan(1024);
    expect(compressed.headers['content-encoding']).toBe('gzip');
    const page = JSON.parse(gunzipSync(compressed.rawPayload).toString());
    expect(page.items.find((post: ListedPost) => post.id === id)).toMatchObject({ isMine: true });
  });
});

describe('conditional requests', () => {
  it.each([
    ['the community list', '/api/community/posts?sort=hot'],
    ['the blog list', '/api/blog/posts'],
  ])('answer 304 for %s until it changes', async (_name, path) => {
    const fresh = await send(firstUrl, 'GET', path);
    const etag = fresh.headers.get('etag') ?? '';
    expect(etag).toMatch(/^".+"$/);
    const again = await send(firstUrl, 'GET', path, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    const weak = await send(firstUrl, 'GET', path, { headers: { 'if-none-match': `W/${etag}` } });
    expect(weak.status).toBe(304);
    const stale = await send(firstUrl, 'GET', path, { headers: { 'if-none-match': '"old"' } });
    expect(stale.status).toBe(200);
  });

  it('send a changed blog post with a new tag', async () => {
    const admin = await adminCookie(first.app);
    const created = await send(firstUrl, 'POST', '/api/admin/blog/posts', {
      cookie: admin,
      body: { title: 'Tagged', subtitle: '', content: 'First words', published: true },
    });
    expect(created.status, created.text).toBe(201);
    const id = created.json().id as string;
    const before = await send(secondUrl, 'GET', `/api/blog/posts/${id}`);
    const etag = before.headers.get('etag') ?? '';
    expect(
      (
        await send(secondUrl, 'GET', `/api/blog/posts/${id}`, {
          headers: { 'if-none-match': etag },
        })
      ).status,
    ).toBe(304);
    const edited = await send(firstUrl, 'PUT', `/api/admin/blog/posts/${id}`, {
      cookie: admin,
      body: {
        title: 'Tagged again',
        subtitle: '',
        content: 'Other words. '.repeat(200),
        published: true,
      },
    });
    expect(edited.status, edited.text).toBe(200);
    expect((await send(firstUrl, 'GET', `/api/blog/posts/${id}`)).json().title).toBe(
      'Tagged again',
    );
    const deadline = Date.now() + 1_000;
    let after = await send(secondUrl, 'GET', `/api/blog/posts/${id}`, {
      headers: { 'if-none-match': etag },
    });
    while (after.status === 304 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      after = await send(secondUrl, 'GET', `/api/blog/posts/${id}`, {
        headers: { 'if-none-match': etag },
      });
    }
    expect(after.status).toBe(200);
    expect(after.json().title).toBe('Tagged again');

    // A shared body is compressed once and sent as it is to every client that accepts it.
    const compressed = await first.app.inject({
      method: 'GET',
      url: `/api/blog/posts/${id}`,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(compressed.rawPayload).toString()).title).toBe(
      'Tagged again',
    );
  });
});
