import { eq } from 'drizzle-orm';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, blogPosts, profiles } from '#server/db/schema.ts';
import { seedSampleBlogPosts } from '#server/modules/blog/seed.ts';
import { adminCookie, signedUpUser, userIdOf } from '#server-test/accounts.ts';
import { createTestApp, manualClock, sameOrigin, type TestApp } from '#server-test/helper.ts';
import { pngImage, uploadFile } from '#server-test/images.ts';

const clock = manualClock(new Date('2026-03-01T12:00:00Z'));
let t: TestApp;
let admin: string;
let user: string;

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await adminCookie(t.app);
  user = await signedUpUser(t.app, 'reader@example.com');
});
afterAll(() => t.close());

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  cookie?: string,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url,
    headers: { ...sameOrigin, ...(cookie ? { cookie } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function createPost(body: Record<string, unknown>, cookie = admin) {
  const response = await call('POST', '/api/admin/blog/posts', cookie, body);
  expect(response.statusCode, response.body).toBe(201);
  clock.advance(60_000);
  return response.json() as { id: string; updatedAt: string; coverImage: string | null };
}

describe('public blog', () => {
  it('never shows a draft, by id or in the list, and shows it once published', async () => {
    const draft = await createPost({ title: 'Secret plans', content: 'Not yet.' });
    expect((await call('GET', `/api/blog/posts/${draft.id}`)).statusCode).toBe(404);
    const list = (await call('GET', '/api/blog/posts?pageSize=50')).json();
    expect(list.items.map((item: { id: string }) => item.id)).not.toContain(draft.id);

    const published = await call('PUT', `/api/admin/blog/posts/${draft.id}`, admin, {
      title: 'Secret plans',
      content: 'Not yet.',
      published: true,
    });
    expect(published.statusCode).toBe(200);
    expect((await call('GET', `/api/blog/posts/${draft.id}`)).json().title).toBe('Secret plans');
  });

  it('lists newest first with a 25-word plain-text excerpt and the card image', async () => {
    const cover = await uploadFile(
      t.app,
      '/api/admin/media/blog-cover',
      { bytes: await pngImage(1200, 600), name: 'cover.png', type: 'image/png' },
      admin,
    );
    const words = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ');
    const post = await createPost({
      title: 'With a cover',
      subtitle: 'And a subtitle',
      content: `# Heading\n\n**${words}**`,
      published: true,
      coverImageId: cover.json().id,
    });
    const list = (await call('GET', '/api/blog/posts')).json();
    const first = list.items[0];
    expect(first.id).toBe(post.id);
    expect(first.excerpt).toBe(`Heading ${words.split(' ').slice(0, 24).join(' ')}...`);
    expect(first.coverImage).toBe(cover.json().url);
    expect(first.coverImageCard).toBe(cover.json().cardUrl);
    expect(list.total).toBeGreaterThanOrEqual(2);
  });

  it('answers 404 for an unknown id and 400 for one that is not an id', async () => {
    expect(
      (await call('GET', '/api/blog/posts/00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
    expect((await call('GET', '/api/blog/posts/not-an-id')).statusCode).toBe(400);
  });
});

describe('admin blog (D7)', () => {
  it('refuses every admin blog call to a signed-in user (403) and a visitor (401)', async () => {
    const post = await createPost({ title: 'Guarded', content: 'Body' });
    const calls: Array<['GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?]> = [
      ['GET', '/api/admin/blog/posts'],
      ['GET', `/api/admin/blog/posts/${post.id}`],
      ['POST', '/api/admin/blog/posts', { title: 'x', content: 'y' }],
      ['PUT', `/api/admin/blog/posts/${post.id}`, { title: 'x', content: 'y' }],
      ['DELETE', `/api/admin/blog/posts/${post.id}`],
    ];
    for (const [method, url, body] of calls) {
      expect((await call(method, url, user, body)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(method, url, undefined, body)).statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await call('GET', `/api/admin/blog/posts/${post.id}`, admin)).json().title).toBe(
      'Guarded',
    );
  });

  it('lets a moderator write posts, audited under their name', async () => {
    const moderatorCookie = await signedUpUser(t.app, 'mod@example.com');
    const id = await userIdOf(t.database.db, 'mod@example.com');
    await t.database.db.update(profiles).set({ isModerator: true }).where(eq(profiles.id, id));
    const post = await createPost({ title: 'From a moderator', content: 'Hello' }, moderatorCookie);
    const [entry] = await t.database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.targetId, post.id));
    expect(entry).toMatchObject({ action: 'blog.create', actorUserId: id });
  });

  it('names the missing fields with the product texts', async () => {
    const response = await call('POST', '/api/admin/blog/posts', admin, {
      title: '  ',
      content: '',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toMatchObject({
      title: 'Title is required',
      content: 'Content is required',
    });
  });

  it('refuses a cover that is not an uploaded blog cover', async () => {
    const response = await call('POST', '/api/admin/blog/posts', admin, {
      title: 'x',
      content: 'y',
      coverImageId: '00000000-0000-4000-8000-000000000000',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.coverImageId).toMatch(/cover image/);
  });

  it('sets updated_at on save, keeps created_at, and deletes', async () => {
    const post = await createPost({ title: 'Edit me', content: 'v1' });
    clock.advance(3_600_000);
    const edited = (
      await call('PUT', `/api/admin/blog/posts/${post.id}`, admin, {
        title: 'Edited',
        content: 'v2',
      })
    ).json();
    expect(new Date(edited.updatedAt).getTime()).toBeGreaterThan(
      new Date(post.updatedAt).getTime(),
    );
    expect(edited.createdAt).toBe(post.updatedAt);
    const admins = (await call('GET', '/api/admin/blog/posts', admin)).json();
    expect(admins.items.find((item: { id: string }) => item.id === post.id)).toMatchObject({
      title: 'Edited',
      published: false,
    });
    expect((await call('DELETE', `/api/admin/blog/posts/${post.id}`, admin)).statusCode).toBe(204);
    expect((await call('GET', `/api/admin/blog/posts/${post.id}`, admin)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/admin/blog/posts/${post.id}`, admin)).statusCode).toBe(404);
  });
});

describe('RSS and link previews (D18)', () => {
  it('serves valid RSS 2.0 with published posts only, newest first', async () => {
    const hidden = await createPost({ title: 'Draft for the feed', content: 'x' });
    const shown = await createPost({
      title: 'Feed <news> & more',
      content: 'In the feed',
      published: true,
    });
    const response = await call('GET', '/blog/rss.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/rss\+xml/);
    expect(XMLValidator.validate(response.body)).toBe(true);
    const rss = new XMLParser({ ignoreAttributes: false }).parse(response.body).rss;
    expect(rss['@_version']).toBe('2.0');
    const items = [rss.channel.item].flat();
    const titles = items.map((item: { title: string }) => item.title);
    expect(titles[0]).toBe('Feed <news> & more');
    expect(titles).not.toContain('Draft for the feed');
    expect(items[0].link).toBe(`http://localhost/blog/${shown.id}`);
    expect(hidden.id).not.toBe(shown.id);
  });

  it('puts a post’s title, description and cover into the page HTML, and 404s a draft', async () => {
    const cover = await uploadFile(
      t.app,
      '/api/admin/media/blog-cover',
      { bytes: await pngImage(), name: 'c.png', type: 'image/png' },
      admin,
    );
    const post = await createPost({
      title: 'Preview "me"',
      subtitle: 'Seen by crawlers',
      content: 'Body',
      published: true,
      coverImageId: cover.json().id,
    });
    const page = await call('GET', `/blog/${post.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Preview &quot;me&quot; | BTCP</title>');
    expect(page.body).toContain('<meta property="og:description" content="Seen by crawlers" />');
    expect(page.body).toContain(
      `<meta property="og:image" content="http://localhost${cover.json().url}" />`,
    );
    expect(page.body).toContain('application/rss+xml');

    const draft = await createPost({ title: 'Hidden draft', content: 'x' });
    const missing = await call('GET', `/blog/${draft.id}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('Hidden draft');
    expect((await call('GET', '/blog/not-an-id')).statusCode).toBe(404);
  });
});

describe('sample content on first start', () => {
  it('adds three published posts to an empty database once, and never again', async () => {
    const fresh = await createTestApp();
    try {
      const db = fresh.database.db;
      expect(await seedSampleBlogPosts(db, new Date())).toBe(3);
      const list = (await fresh.app.inject({ method: 'GET', url: '/api/blog/posts' })).json();
      expect(list.total).toBe(3);
      expect(list.items[0].title).toBe('Invite friends, earn 40 BTCP each');
      expect(await seedSampleBlogPosts(db, new Date())).toBe(0);
      await db.delete(blogPosts);
      expect(await seedSampleBlogPosts(db, new Date())).toBe(0);
    } finally {
      await fresh.close();
    }
  });

  it('is skipped when posts already exist', async () => {
    expect(await seedSampleBlogPosts(t.database.db, new Date())).toBe(0);
  });
});
