import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailbox, signedUpAuthor, solvedProof } from './accounts.ts';
import { createTestApp, sameOrigin, type TestApp } from './helper.ts';

/** Links, origins and pages never trust the request's Host or Origin (docs/decisions/011, 012). */

const forged = { host: 'evil.example', origin: 'http://evil.example' };

describe('links in mail come from the configured origin, never from Host', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { APP_ORIGIN: 'https://btcp.example' } });
  });
  afterAll(() => t.close());

  it('refuses a request whose Origin merely matches a forged Host', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      headers: forged,
      payload: { email: 'victim@example.com' },
    });
    expect(response.statusCode).toBe(403);
  });

  it('mails reset, verification and resend links on APP_ORIGIN whatever Host says', async () => {
    const send = async (url: string, payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { host: 'evil.example', origin: 'https://btcp.example' },
        payload: { ...payload, proof: await solvedProof(t.app) },
      });
    const registered = await send('/api/auth/register', {
      email: 'victim@example.com',
      password: 'correct horse battery',
      confirmPassword: 'correct horse battery',
      referralCode: '',
      acceptTerms: true,
    });
    expect(registered.statusCode, registered.body).toBe(201);
    expect(
      (await send('/api/auth/resend-verification', { email: 'victim@example.com' })).statusCode,
    ).toBe(202);
    expect(
      (await send('/api/auth/forgot-password', { email: 'victim@example.com' })).statusCode,
    ).toBe(202);
    const links = (await mailbox(t.app)).flatMap((message) => message.links);
    expect(links.length).toBeGreaterThanOrEqual(3);
    for (const link of links) expect(new URL(link).origin).toBe('https://btcp.example');
  });
});

describe('without APP_ORIGIN, development links point at localhost and the port', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PORT: '3000' } });
  });
  afterAll(() => t.close());

  it('mails http://localhost:PORT links even when Host is forged', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { host: 'evil.example', origin: 'http://127.0.0.1:3000' },
      payload: {
        email: 'dev@example.com',
        password: 'correct horse battery',
        confirmPassword: 'correct horse battery',
        referralCode: '',
        acceptTerms: true,
        proof: await solvedProof(t.app),
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const [message] = await mailbox(t.app);
    expect(message?.links[0]).toMatch(/^http:\/\/localhost:3000\/verify-email\?token=/);
  });

  it('accepts the loopback twins of the origin, and nothing else', async () => {
    for (const origin of ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { host: 'evil.example', origin },
      });
      expect(response.statusCode, origin).toBe(204);
    }
    for (const origin of ['http://localhost:80', 'http://evil.example', 'http://127.0.0.2:3000']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { host: new URL(origin).host, origin },
      });
      expect(response.statusCode, origin).toBe(403);
    }
  });
});

describe('the dev mailbox is not public', () => {
  it('answers 404 on a development server listening on every address', async () => {
    const t = await createTestApp({ env: { HOST: '0.0.0.0' } });
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/dev/mailbox' });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('token=');
    } finally {
      await t.close();
    }
  });

  it('answers only clients on this machine, also behind a proxy on the same host', async () => {
    const t = await createTestApp();
    const mailbox = (remoteAddress: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url: '/api/dev/mailbox', remoteAddress, headers });
    try {
      expect((await mailbox('127.0.0.1')).statusCode).toBe(200);
      expect((await mailbox('::1')).statusCode).toBe(200);
      expect((await mailbox('::ffff:127.0.0.1')).statusCode).toBe(200);
      expect((await mailbox('127.0.0.1', { 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(200);
      // A reverse proxy on the same host connects from loopback and names the real client.
      for (const headers of <Record<string, string>[]>[
        { 'x-forwarded-for': '203.0.113.9' },
        { 'x-forwarded-for': '127.0.0.1, 203.0.113.9' },
        { 'x-real-ip': '203.0.113.9' },
        { forwarded: 'for=203.0.113.9;proto=https' },
        { forwarded: 'for="[2001:db8::1]"' },
      ]) {
        const response = await mailbox('127.0.0.1', headers);
        expect(response.statusCode, JSON.stringify(headers)).toBe(404);
        expect(response.body).not.toContain('token=');
      }
      expect((await mailbox('192.168.1.20')).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('is served on 0.0.0.0 only when DEV_MAILBOX=true says so', async () => {
    const t = await createTestApp({ env: { HOST: '0.0.0.0', DEV_MAILBOX: 'true' } });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/dev/mailbox' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('absolute URLs in pages and feeds, and hostile Host headers', () => {
  let t: TestApp;
  let postId: string;
  beforeAll(async () => {
    // The test default: no APP_ORIGIN, PORT 80, so the public origin is http://localhost.
    t = await createTestApp();
    const cookie = await signedUpAuthor(t.app, 'poster@example.com');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/community/posts',
      headers: { ...sameOrigin, cookie },
      payload: { title: '$\' x $& $` $1 </title>"', content: "A $' body $&." },
    });
    expect(created.statusCode, created.body).toBe(201);
    postId = (created.json() as { id: string }).id;
  });
  afterAll(() => t.close());

  it('writes user text into the page literally, never as a replacement pattern', async () => {
    const page = await t.app.inject({ method: 'GET', url: `/community/${postId}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(
      '<meta property="og:title" content="$\' x $&amp; $` $1 &lt;/title&gt;&quot;" />',
    );
    expect(page.body).toContain('<meta name="description" content="A $\' body $&amp;." />');
    // The template appears once: nothing was spliced into an attribute.
    expect(page.body.match(/<div id="root">/g)).toHaveLength(1);
    expect(page.body.match(/<\/head>/g)).toHaveLength(1);
  });

  it('builds og:url from the configured origin, whatever Host says', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: `/community/${postId}`,
      headers: { host: 'evil.example' },
    });
    expect(page.body).toContain(
      `<meta property="og:url" content="http://localhost/community/${postId}" />`,
    );
    expect(page.body).not.toContain('evil.example');
  });

  it('never answers a malformed Host with a 5xx', async () => {
    for (const host of ['a%b', 'evil:99999', 'x y', '[::1', 'a/b']) {
      for (const url of ['/blog/rss.xml', `/community/${postId}`, '/blog/not-a-post', '/']) {
        const response = await t.app.inject({ method: 'GET', url, headers: { host } });
        expect(response.statusCode, `${host} ${url}`).toBeLessThan(500);
      }
    }
    const feed = await t.app.inject({
      method: 'GET',
      url: '/blog/rss.xml',
      headers: { host: 'evil:99999' },
    });
    expect(feed.statusCode).toBe(200);
    expect(feed.body).toContain('<link>http://localhost/blog</link>');
  });
});
