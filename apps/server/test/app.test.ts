import { gzipSync } from 'node:zlib';
import { ApiErrorSchema } from '@btcp/shared';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, SAME_ORIGIN, sameOrigin, type TestApp } from './helper.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { BODY_LIMIT_BYTES: '2048' } });
  // A probe route, so the shared validation and error handling are exercised as any route would be.
  t.app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      '/api/test/echo',
      { schema: { body: z.object({ name: z.string().min(1), age: z.number().int() }) } },
      async (request) => request.body,
    );
  t.app.withTypeProvider<ZodTypeProvider>().get(
    '/api/test/echo/:name',
    {
      schema: {
        params: z.object({ name: z.string() }),
        querystring: z.object({ q: z.string().optional() }),
      },
    },
    async (request) => ({ ...request.params, ...request.query }),
  );
});
afterAll(() => t.close());

function expectErrorShape(body: unknown, code: string) {
  const parsed = ApiErrorSchema.parse(body);
  expect(parsed.error.code).toBe(code);
  return parsed.error;
}

describe('errors and validation', () => {
  it('accepts a valid same-origin body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: sameOrigin,
      payload: { name: 'Ada', age: 36 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ name: 'Ada', age: 36 });
  });

  it('names each invalid field with a 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: sameOrigin,
      payload: { name: '', age: 'old' },
    });
    expect(response.statusCode).toBe(400);
    const error = expectErrorShape(response.json(), 'VALIDATION_FAILED');
    expect(Object.keys(error.fields ?? {}).sort()).toEqual(['age', 'name']);
  });

  it('answers malformed JSON with a 400, not a 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { ...sameOrigin, 'content-type': 'application/json' },
      payload: '{"name": "Ada",',
    });
    expect(response.statusCode).toBe(400);
    expect(expectErrorShape(response.json(), 'BAD_REQUEST').message).toBe('Malformed JSON body');
  });

  it('answers a too-large body with a 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: sameOrigin,
      payload: { name: 'x'.repeat(4096), age: 1 },
    });
    expect(response.statusCode).toBe(413);
    expectErrorShape(response.json(), 'PAYLOAD_TOO_LARGE');
  });

  it('refuses a compressed body with a 400 instead of inflating it', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { ...sameOrigin, 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ name: 'Ada', age: 36 })),
    });
    expect(response.statusCode).toBe(400);
    expectErrorShape(response.json(), 'BAD_REQUEST');
  });

  it('answers an unsupported content type with a 415', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { ...sameOrigin, 'content-type': 'application/xml' },
      payload: '<name>Ada</name>',
    });
    expect(response.statusCode).toBe(415);
    expectErrorShape(response.json(), 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers an unknown API route with a JSON 404', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await t.app.inject({
        method,
        url: '/api/no-such-thing',
        headers: sameOrigin,
      });
      expect(response.statusCode).toBe(404);
      expect(expectErrorShape(response.json(), 'NOT_FOUND').message).toBe(
        `No route ${method} /api/no-such-thing`,
      );
    }
  });
});

describe('NUL characters (U+0000), which no PostgreSQL text value can hold', () => {
  const refusal = (field: string) => ({
    error: {
      code: 'VALIDATION_FAILED',
      message: `Invalid ${field}`,
      fields: { [field]: 'must not contain NUL characters' },
    },
  });

  it('refuses one in any body field of any route with a 400 naming the field', async () => {
    const bodies: [string, Record<string, unknown>, string][] = [
      ['/api/auth/login', { email: 'a\u0000@example.com', password: 'x' }, 'email'],
      ['/api/auth/login', { email: 'a@example.com', password: 'pass\u0000word' }, 'password'],
      [
        '/api/auth/register',
        {
          email: 'nul\u0000@example.com',
          password: 'correct horse battery',
          confirmPassword: 'correct horse battery',
          acceptTerms: true,
        },
        'email',
      ],
      ['/api/auth/forgot-password', { email: '\u0000@example.com' }, 'email'],
      ['/api/auth/resend-verification', { email: 'a@exa\u0000mple.com' }, 'email'],
      ['/api/admin-auth/login', { email: 'a@example.com', password: '\u0000' }, 'password'],
    ];
    for (const [url, payload, field] of bodies) {
      const response = await t.app.inject({ method: 'POST', url, headers: sameOrigin, payload });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(400);
      expect(response.json()).toEqual(refusal(field));
    }
  });

  it('refuses one in a query or a path parameter', async () => {
    const query = await t.app.inject({ method: 'GET', url: '/api/test/echo/ada?q=a%00b' });
    expect(query.statusCode).toBe(400);
    expect(query.json()).toEqual(refusal('q'));
    const param = await t.app.inject({ method: 'GET', url: '/api/test/echo/a%00da' });
    expect(param.statusCode).toBe(400);
    expect(param.json()).toEqual(refusal('name'));
    const fine = await t.app.inject({ method: 'GET', url: '/api/test/echo/ada?q=a%01b' });
    expect(fine.json()).toEqual({ name: 'ada', q: 'a\u0001b' });
  });
});

describe('D4: mutating requests must come from our own origin', () => {
  it('refuses a foreign Origin', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { origin: 'https://evil.example' },
      payload: { name: 'Ada', age: 36 },
    });
    expect(response.statusCode).toBe(403);
    expect(expectErrorShape(response.json(), 'FOREIGN_ORIGIN').message).toContain('evil.example');
  });

  it('refuses a request with neither Origin nor Referer', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { name: 'Ada', age: 36 },
    });
    expect(response.statusCode).toBe(403);
    expectErrorShape(response.json(), 'FOREIGN_ORIGIN');
  });

  it('accepts our own Referer when Origin is absent', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { referer: `${SAME_ORIGIN}/community` },
      payload: { name: 'Ada', age: 36 },
    });
    expect(response.statusCode).toBe(200);
  });

  it('accepts our own Origin however it is spelt', async () => {
    for (const origin of ['http://localhost', SAME_ORIGIN, 'HTTP://LOCALHOST/']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/test/echo',
        headers: { origin },
        payload: { name: 'Ada', age: 36 },
      });
      expect(response.statusCode).toBe(200);
    }
  });

  it('refuses a foreign Origin whatever the Referer says', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { origin: 'https://evil.example', referer: `${SAME_ORIGIN}/community` },
      payload: { name: 'Ada', age: 36 },
    });
    expect(response.statusCode).toBe(403);
  });

  it('refuses a look-alike origin on another port or scheme', async () => {
    for (const origin of [
      'http://localhost:8080',
      'https://localhost:80',
      'http://localhost.evil',
    ]) {
      const response = await t.app.inject({
        method: 'DELETE',
        url: '/api/test/echo',
        headers: { origin },
      });
      expect(response.statusCode).toBe(403);
    }
  });

  it('leaves reads alone', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('the web app', () => {
  it('serves pages with their own title and a no-cache header', async () => {
    for (const [url, title] of [
      ['/', 'BTCP | KYC-Free Bitcoin Mining Platform'],
      ['/whitepaper', 'Whitepaper | BTCP'],
      ['/terms-of-service', 'Terms of Service | BTCP'],
      ['/community', 'Community | BTCP'],
    ] as const) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain(`<title>${title}</title>`);
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('answers an unknown page, or a post that does not exist, with the app and a 404 status', async () => {
    for (const url of [
      '/no/such/page?x=1',
      '/community/0b1e9c1a-0000-4000-8000-000000000000',
      '/blog/0b1e9c1a-0000-4000-8000-000000000000',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain('<title>Page Not Found | BTCP</title>');
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('caches hashed assets for a year and 404s missing files', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const other = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(other.headers['cache-control']).toBe('no-cache');
    const missing = await t.app.inject({ method: 'GET', url: '/assets/missing-123.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toContain('application/json');
  });

  it('serves no file from outside the web build through an asset address', async () => {
    for (const url of [
      '/assets/',
      '/assets/..%2f..%2fpackage.json',
      '/assets/%2e%2e/%2e%2e/package.json',
      '/assets/..%5c..%5cpackage.json',
      '/assets/....//....//package.json',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, url).toBeLessThan(500);
      expect(response.body, url).not.toContain('"dependencies"');
    }
  });

  it('sends the build-time brotli copy of an asset to a browser that accepts it', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    const brotli = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 10);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('compresses large API answers', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.headers['content-encoding']).toBe('gzip');
  });

  it('sends security headers and a CSP without inline script', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(response.headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'));
    expect(scriptSrc?.trim()).toBe("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBeDefined();
  });
});

describe('OpenAPI', () => {
  it('documents the API at /api/docs', async () => {
    const json = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    const document = json.json() as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/auth/session']),
    );
    expect(Object.keys(document.paths)).not.toContain('/api/test/echo/');
    // Every operation lists its failures in the one error shape.
    const operations = Object.values(document.paths).flatMap((path) =>
      Object.values(path as Record<string, { responses: Record<string, unknown> }>),
    );
    for (const operation of operations) {
      expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['4XX', '5XX']));
      expect(JSON.stringify(operation.responses['4XX'])).toContain('"code"');
    }
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(ui.statusCode).toBeLessThan(400);
  });
});
