import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '#server/paths.ts';
import { adminCookie, signedUpAuthor } from './accounts.ts';
import { createTestApp, sameOrigin, type TestApp } from './helper.ts';
import { pngImage, uploadFile } from './images.ts';
import { snapshotAs } from './modules/proofs/proof-calls.ts';

/**
 * The public pages arrive rendered (decisions 016, 018). The web app's real server entry runs here from its
 * source (Vitest compiles it as the build would), so no build is needed; the shell around it is
 * the test helper's.
 */
const entry = path.join(repoRoot, 'apps/web/src/entry-server.tsx');
const HOSTILE = `</script><script>alert(1)</script><!-- $' $& "quoted" & more`;

let t: TestApp;
let admin: string;
let member: string;

beforeAll(async () => {
  t = await createTestApp({ webSsrEntry: entry });
  admin = await adminCookie(t.app);
  member = await signedUpAuthor(t.app, 'writer@example.com');
});
afterAll(() => t.close());

const page = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

/** The markup inside #root, and the JSON the page hands the browser. */
function parts(html: string) {
  const root =
    /<div id="root">([\s\S]*)<\/div><script type="application\/json" id="server-data">([\s\S]*?)<\/script>/.exec(
      html,
    );
  return { root: root?.[1] ?? '', data: root?.[2] ?? '' };
}

async function blogPost(title: string, content: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/blog/posts',
    headers: { ...sameOrigin, cookie: admin },
    payload: { title, content, published: true },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string };
}

describe('server-rendered public pages', () => {
  it('sends a blog post rendered: its title and body are in the HTML a crawler reads', async () => {
    const post = await blogPost('Rendered on the server', 'A paragraph **nobody** had to run.');
    const response = await page(`/blog/${post.id}`);
    expect(response.statusCode).toBe(200);
    const { root, data } = parts(response.body);
    expect(root).toContain('Rendered on the server</h1>');
    expect(root).toMatch(/A paragraph <strong[^>]*>nobody<\/strong> had to run\./);
    // The data the page showed comes along, so the browser does not ask again.
    expect(JSON.parse(data).queries.queries.map((q: { queryKey: unknown }) => q.queryKey)).toEqual(
      expect.arrayContaining([['session'], ['blog', 'post', post.id]]),
    );
  });

  it('keeps a hostile title inert in the page, its title tag and its data', async () => {
    const post = await blogPost(HOSTILE, `Body: ${HOSTILE}`);
    const response = await page(`/blog/${post.id}`);
    expect(response.statusCode).toBe(200);
    const html = response.body;
    const shell = (await page('/blog/00000000-0000-4000-8000-000000000000')).body;
    // Only the shell's own scripts and the data element.
    expect(html.match(/<script/g)).toHaveLength((shell.match(/<script/g)?.length ?? 0) + 1);
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<!-- $');
    const { root, data } = parts(html);
    expect(root).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(data).not.toMatch(/<\//);
    expect(
      JSON.parse(data).queries.queries.some(
        (q: { state: { data?: { title?: string } } }) => q.state.data?.title === HOSTILE,
      ),
    ).toBe(true);
  });

  it("renders a community post with its image's size and the signed-in reader's own vote", async () => {
    const image = await uploadFile(
      t.app,
      '/api/community/images',
      { bytes: await pngImage(640, 480), name: 'photo.png', type: 'image/png' },
      member,
    );
    expect(image.statusCode, image.body).toBe(201);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/community/posts',
      headers: { ...sameOrigin, cookie: member },
      payload: {
        title: 'A post with a photo',
        content: 'Words under the photo.',
        imageId: image.json().id,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    const vote = await t.app.inject({
      method: 'POST',
      url: `/api/community/posts/${id}/vote`,
      headers: { ...sameOrigin, cookie: member },
      payload: { type: 'upvote' },
    });
    expect(vote.statusCode, vote.body).toBe(200);

    const visitor = parts((await page(`/community/${id}`)).body).root;
    expect(visitor).toContain('A post with a photo');
    expect(visitor).toContain('Words under the photo.');
    expect(visitor).toMatch(/<img [^>]*width="640" height="480"/);
    expect(visitor).toContain('aria-pressed="false"');

    const mine = await page(`/community/${id}`, member);
    // The reader's own page: no shared cache may keep it.
    expect(mine.headers['cache-control']).toBe('private, no-cache');
    expect(parts(mine.body).root).toContain('aria-pressed="true"');

    const list = parts((await page('/community')).body).root;
    expect(list).toContain('A post with a photo');
  });

  it('renders the landing page and answers an unknown post with 404 and the shell', async () => {
    const landing = await page('/');
    expect(landing.statusCode).toBe(200);
    expect(parts(landing.body).root).toContain('<h1');

    const missing = await page('/blog/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<div id="root"></div>');
  });
});

describe("a visitor's rendered pages", () => {
  it('are rendered once and shared until what they show changes, compressed and revalidated', async () => {
    const first = await page('/community?sort=new');
    expect(first.statusCode).toBe(200);
    expect(first.body).not.toContain('Shared until it changes');
    const again = await t.app.inject({
      method: 'GET',
      url: '/community?sort=new',
      headers: { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/community/posts',
      headers: { ...sameOrigin, cookie: member },
      payload: { title: 'Shared until it changes', content: 'A new post empties the kept page.' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const fresh = await t.app.inject({
      method: 'GET',
      url: '/community?sort=new',
      headers: { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) },
    });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers['content-encoding']).toBe('br');
    expect(fresh.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(fresh.rawPayload).toString()).toContain('Shared until it changes');
  });

  it('render a search in the address with what it found, the words in the search box', async () => {
    for (const [title, content] of [
      ['A zebu herd', 'Zebus graze by the solar farm.'],
      ['Not this one', 'Nothing about cattle.'],
    ]) {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/community/posts',
        headers: { ...sameOrigin, cookie: member },
        payload: { title, content },
      });
      expect(created.statusCode, created.body).toBe(201);
    }
    const response = await page('/community?q=zebu');
    expect(response.statusCode).toBe(200);
    const { root, data } = parts(response.body);
    expect(root).toContain('A zebu herd');
    expect(root).not.toContain('Not this one');
    expect(root).toContain('Results for \u201czebu\u201d');
    expect(root).toMatch(/<input[^>]*name="q"[^>]*value="zebu"/);
    expect(data).toContain('"search","zebu"');
  });

  it("judge links by the configured origin, never the request's Host", async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/whitepaper',
      headers: { host: 'evil.example' },
    });
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(parts(response.body).data).origin).toBe(t.config.publicOrigin);
    expect(response.body).not.toContain('evil.example');
  });

  it("start the app's scripts after the first paint: the page is on screen without them", async () => {
    const html = (await page('/')).body;
    const waiting = /<template id="app-scripts">([\s\S]*?)<\/template><\/body>/.exec(html)?.[1];
    expect(waiting).toContain('<script type="module" src="/assets/index-abc123.js"></script>');
    // Nowhere else: no script of the app loads before the page has painted.
    expect(html.replace(waiting ?? '', '')).not.toMatch(/<script type="module"|modulepreload/);
    // A page the browser renders needs its scripts at once.
    const shell = (await page('/login')).body;
    expect(shell).toContain('<script type="module" src=');
    expect(shell).not.toContain('app-scripts');
  });
});

describe('the proof-of-balances page', () => {
  it('arrives rendered with the newest signed record, and a new snapshot renders it afresh', async () => {
    const first = await snapshotAs(t.app, admin);
    const response = await page('/proof');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Proof of Balances | ');
    expect(parts(response.body).root).toContain(first.digest);
    // A new record reaches every process's kept page through migration 0019's trigger.
    const second = await snapshotAs(t.app, admin, 'Launch');
    await expect
      .poll(async () => parts((await page('/proof')).body).root, { timeout: 5_000 })
      .toContain(second.digest);
  });
});

describe('a server renderer that fails', () => {
  it('sends the shell, never a 5xx', async () => {
    const broken = path.join(t.config.dataDir, 'broken-entry.mjs');
    await writeFile(broken, 'export async function render() { throw new Error("boom"); }\n');
    const app = await createTestApp({ webSsrEntry: broken });
    try {
      const response = await app.app.inject({ method: 'GET', url: '/blog' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root"></div>');
    } finally {
      await app.close();
    }
  });

  it('sends the shell when the entry itself does not load, never a 5xx', async () => {
    const broken = path.join(t.config.dataDir, 'unloadable-entry.mjs');
    await writeFile(broken, 'throw new Error("the build is damaged");\n');
    const app = await createTestApp({ webSsrEntry: broken });
    try {
      for (const url of ['/blog', '/']) {
        const response = await app.app.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(200);
        expect(response.body).toContain('<div id="root"></div>');
      }
    } finally {
      await app.close();
    }
  });
});

describe('the server renderer', () => {
  it('is loaded by the first page it renders, not when the server starts (decision 046)', async () => {
    const marker = path.join(t.config.dataDir, 'entry-loaded');
    const counting = path.join(t.config.dataDir, 'counting-entry.mjs');
    await writeFile(
      counting,
      `import { appendFileSync } from 'node:fs';
appendFileSync(${JSON.stringify(marker)}, 'loaded\\n');
export async function render() {
  return { html: '<p>rendered here</p>', dataScript: '' };
}
`,
    );
    const app = await createTestApp({ webSsrEntry: counting });
    try {
      await expect(readFile(marker, 'utf8')).rejects.toThrow();
      const pages = await Promise.all(
        ['/blog', '/whitepaper', '/'].map((url) => app.app.inject({ method: 'GET', url })),
      );
      for (const response of pages) expect(response.body).toContain('<p>rendered here</p>');
      expect(await readFile(marker, 'utf8')).toBe('loaded\n');
    } finally {
      await app.close();
    }
  });
});
