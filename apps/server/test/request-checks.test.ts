import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BROKEN_CHARACTER_MESSAGE,
  MAX_JSON_DEPTH,
  MAX_JSON_MEMBERS,
  NUL_MESSAGE,
  TOO_DEEP_MESSAGE,
  TOO_WIDE_MESSAGE,
} from '#server/validator.ts';
import { adminCookie, PASSWORD } from './accounts.ts';
import { call, member, newComment, newPost, roomyLimits } from './community.ts';
import { createTestApp, sameOrigin, type TestApp } from './helper.ts';

/**
 * What every request meets before its route's own schema (decisions 012 and 049): a JSON body's depth is
 * bounded before it is parsed, and no text PostgreSQL cannot store (NUL, half a surrogate pair)
 * gets past validation, wherever it hides.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: roomyLimits });
});
afterAll(() => t?.close());

const login = (payload: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { ...sameOrigin, 'content-type': 'application/json' },
    payload,
  });

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('a JSON body', () => {
  it('nested past the bound is refused with a 400 that says so, arrays or objects', async () => {
    for (const payload of [
      nested(50_000),
      nested(MAX_JSON_DEPTH + 1),
      `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`,
    ]) {
      const response = await login(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(TOO_DEEP_MESSAGE);
    }
  });

  it('nested up to the bound is read, brackets inside strings not counted', async () => {
    const atBound = await login(nested(MAX_JSON_DEPTH));
    expect(atBound.statusCode).toBe(400);
    expect(atBound.json().error.message).not.toBe(TOO_DEEP_MESSAGE);
    const bracketsInText = await login(
      JSON.stringify({ email: 'nobody@example.com', password: `${'[{'.repeat(100)}\\"` }),
    );
    expect(bracketsInText.statusCode).toBe(401);
  });

  it('spread past the bound is refused with a 400 that says so, objects or arrays', async () => {
    const keys = (n: number) => Array.from({ length: n }, (_, i) => `"k${i}":1`).join(',');
    for (const payload of [
      `{${keys(MAX_JSON_MEMBERS + 1)}}`,
      `[${'1,'.repeat(500_000)}1]`,
      `{"a":[{"b":[${'"x",'.repeat(MAX_JSON_MEMBERS)}"y"]}]}`,
    ]) {
      const response = await login(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(TOO_WIDE_MESSAGE);
    }
    const commasInText = await login(
      JSON.stringify({ email: 'nobody@example.com', password: ','.repeat(200), x: keys(900) }),
    );
    expect(commasInText.statusCode).toBe(401);
  });

  it('with many bad keys names at most twenty of them', async () => {
    const keys = Array.from({ length: MAX_JSON_MEMBERS }, (_, i) => `"\\u0000${i}":1`);
    const response = await login(`{${keys.join(',')}}`);
    expect(response.statusCode).toBe(400);
    const fields = Object.values(response.json().error.fields as Record<string, string>);
    expect(fields.length).toBe(20);
    expect(new Set(fields)).toEqual(new Set([NUL_MESSAGE]));
  });
});

describe('half of a surrogate pair', () => {
  let admin: string;
  let memberId: string;
  let postId: string;
  beforeAll(async () => {
    admin = await adminCookie(t.app);
    const author = await member(t.app, 'halves');
    memberId = author.id;
    postId = await newPost(t.app, author.cookie);
  });

  it('is refused, naming the field, in a staff reason, a key or a query, and nothing is written', async () => {
    const writes = async () =>
      JSON.stringify(
        await t.database.db.execute(
          sql`SELECT (SELECT count(*) FROM transactions) + (SELECT count(*) FROM moderation_log) AS n`,
        ),
      );
    const before = await writes();
    const attempts = [
      call(t.app, 'POST', `/api/admin/wallets/${memberId}/adjust`, admin, {
        mode: 'add',
        amount: '1',
        reason: 'half \ud83d',
      }),
      call(t.app, 'PATCH', `/api/admin/community/posts/${postId}`, admin, {
        status: 'flagged',
        reason: '\udfff',
      }),
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: sameOrigin,
        payload: { email: 'a@example.com', password: PASSWORD, 'k\ud800': 1 },
      }),
    ];
    const [adjust, hide, key] = await Promise.all(attempts);
    expect(adjust?.statusCode, adjust?.body).toBe(400);
    expect(adjust?.json().error.fields).toEqual({ reason: BROKEN_CHARACTER_MESSAGE });
    expect(hide?.statusCode, hide?.body).toBe(400);
    expect(hide?.json().error.fields).toEqual({ reason: BROKEN_CHARACTER_MESSAGE });
    expect(key?.statusCode, key?.body).toBe(400);
    expect(key?.json().error.fields).toEqual({ 'k\ud800': BROKEN_CHARACTER_MESSAGE });
    const search = await call(t.app, 'GET', '/api/community/posts?q=%ED%A0%80');
    expect(search.statusCode).toBeLessThan(500);
    expect(await writes()).toBe(before);
  });
});

describe('a reply that notifies its author', () => {
  it('is accepted with emoji at the excerpt’s edge, and the notice quotes it whole', async () => {
    const author = await member(t.app, 'emoji_author');
    const replier = await member(t.app, 'emoji_replier');
    const postId = await newPost(t.app, author.cookie);
    const family = '👨‍👩‍👧';
    const texts = [
      `a${'😀'.repeat(100)}`,
      `${'b'.repeat(139)}😀 ok`,
      `${'c'.repeat(138)}${family} ok`,
    ];
    for (const text of texts) await newComment(t.app, replier.cookie, postId, text);
    const notices = await call(t.app, 'GET', '/api/notifications', author.cookie);
    const items = notices.json().items as { details: { excerpt: string | null } }[];
    const excerpts = items.map((n) => n.details.excerpt);
    expect(excerpts.sort()).toEqual(
      [`a${'😀'.repeat(100)}`, `${'b'.repeat(139)}😀`, 'c'.repeat(138)].sort(),
    );
  });
});
