import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hashingPeak,
  MAX_CONCURRENT_HASHES,
  PASSWORD_HASH_COST,
  setPasswordHashCost,
} from '#server/lib/passwords.ts';
import { adminCookie, PASSWORD, post, signedUpUser } from './accounts.ts';
import { createTestApp, sameOrigin, type TestApp } from './helper.ts';
import { TEST_PASSWORD_HASH_COST } from './setup.ts';

/** Password hashing cannot be turned against anyone (docs/decisions/012). */

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({
    env: { RATE_LIMIT_AUTH_PER_IP: '12', RATE_LIMIT_AUTH_PER_ACCOUNT: '5' },
  });
  admin = await adminCookie(t.app);
});
afterAll(() => t.close());

const from = (remoteAddress: string, url: string, payload: object, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    remoteAddress,
    headers: { ...sameOrigin, ...(cookie ? { cookie } : {}) },
    payload,
  });

describe('admin passwords follow the users’ rules (D2)', () => {
  it('refuses common passwords on admin create and admin password change', async () => {
    const created = await post(
      t.app,
      '/api/admin-auth/create',
      { email: 'second-admin@example.com', password: 'password', confirmPassword: 'password' },
      admin,
    );
    expect(created.statusCode).toBe(400);
    expect(created.json().error.fields).toEqual({
      password: 'This password is too common. Please choose a less common password.',
    });
    const changed = await from(
      '10.9.9.9',
      '/api/admin/password',
      {
        currentPassword: PASSWORD,
        newPassword: 'password1',
        confirmPassword: 'password1',
      },
      admin,
    );
    expect(changed.statusCode).toBe(400);
    expect(changed.json().error.fields).toEqual({
      newPassword: 'This password is too common. Please choose a less common password.',
    });
  });
});

describe('wrong passwords lock out the guesser, not the owner', () => {
  it.each([
    ['a user', '/api/auth/login', 'owner@example.com', '10.0.0'],
    ['an admin', '/api/admin-auth/login', 'root@example.com', '10.0.1'],
  ])(
    'lets %s in from another address after five failures from one',
    async (_who, url, email, net) => {
      if (email === 'owner@example.com') await signedUpUser(t.app, email);
      for (let i = 0; i < 5; i++) {
        const wrong = await from(`${net}.1`, url, { email, password: `wrong guess ${i}` });
        expect(wrong.statusCode).toBe(401);
      }
      const blocked = await from(`${net}.1`, url, { email, password: PASSWORD });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.headers['retry-after']).toBeDefined();
      const owner = await from(`${net}.2`, url, { email, password: PASSWORD });
      expect(owner.statusCode, owner.body).toBe(200);
    },
  );
});

describe('hashing cannot be used to stall the server', () => {
  // These are about the cost of real hashes: the suite's cheap test cost is set aside here.
  beforeAll(() => setPasswordHashCost(PASSWORD_HASH_COST));
  afterAll(() => setPasswordHashCost(TEST_PASSWORD_HASH_COST));

  it("stores a member's password as argon2id at D2's cost", async () => {
    await signedUpUser(t.app, 'stored-hash@example.com');
    const result = await t.database.db.execute(
      sql`SELECT password_hash FROM users WHERE email = 'stored-hash@example.com'`,
    );
    const [row] = (result as unknown as { rows: { password_hash: string }[] }).rows;
    const [, algorithm, , parameters] = row?.password_hash.split('$') ?? [];
    expect(algorithm).toBe('argon2id');
    expect(new Set(parameters?.split(','))).toEqual(new Set(['m=65536', 't=3', 'p=4']));
  });

  it('refuses to create an admin before reading or hashing anything once one exists', async () => {
    hashingPeak(true);
    const refused = await from('10.0.2.1', '/api/admin-auth/create', {
      email: 'intruder@example.com',
      password: 'a perfectly fine passphrase',
      confirmPassword: 'a perfectly fine passphrase',
    });
    expect(refused.statusCode).toBe(403);
    expect(hashingPeak()).toBe(0);
  });

  it('rate-limits every route that hashes a password', async () => {
    const user = await signedUpUser(t.app, 'changer@example.com');
    const attempts: [string, object, string | undefined][] = [
      [
        '/api/admin-auth/create',
        { email: 'x@example.com', password: 'p', confirmPassword: 'p' },
        admin,
      ],
      [
        '/api/admin/password',
        {
          currentPassword: 'wrong',
          newPassword: 'a long new one',
          confirmPassword: 'a long new one',
        },
        admin,
      ],
      [
        '/api/account/password',
        {
          currentPassword: 'wrong',
          newPassword: 'a long new one',
          confirmPassword: 'a long new one',
        },
        user,
      ],
    ];
    for (const [url, payload, cookie] of attempts) {
      const statuses: number[] = [];
      for (let i = 0; i < 14; i++)
        statuses.push((await from('10.0.3.1', url, payload, cookie)).statusCode);
      expect(statuses, url).toContain(429);
    }
  });

  it('never runs more than a few hashes at once, and answers a flood with 429, not a stall', async () => {
    await signedUpUser(t.app, 'crowd@example.com');
    hashingPeak(true);
    const responses = await Promise.all([
      ...Array.from({ length: 60 }, (_, i) =>
        from(`10.1.${i}.1`, '/api/auth/login', {
          email: 'crowd@example.com',
          password: `guess ${i}`,
        }),
      ),
      // An unknown address while the queue is full: its timing-equaliser hash is refused too.
      from('10.2.0.1', '/api/auth/login', { email: 'nobody@example.com', password: 'guess' }),
    ]);
    expect(hashingPeak()).toBeLessThanOrEqual(MAX_CONCURRENT_HASHES);
    const statuses = new Set(responses.map((response) => response.statusCode));
    for (const status of statuses) expect([401, 429]).toContain(status);
    // Once the flood is over, an unknown address gets the ordinary answer again, not a stuck 429.
    const later = await from('10.2.0.2', '/api/auth/login', {
      email: 'nobody@example.com',
      password: 'guess',
    });
    expect(later.statusCode).toBe(401);
  });
});
