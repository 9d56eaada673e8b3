import { signUpMessages } from '@btcp/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spentProofs, users } from '#server/db/schema.ts';
import {
  cheapenProofOfWork,
  mailQueueDrained,
  PASSWORD,
  post,
  solvedProof,
} from '#server-test/accounts.ts';
import { createTestApp, type TestApp } from '#server-test/helper.ts';

/** Registrations per network per day (decision 031). */

let t: TestApp;
beforeAll(async () => {
  // The per-address limits stay out of the way: the network limit is the one under test.
  t = await createTestApp({ env: { RATE_LIMIT_AUTH_PER_IP: '1000' } });
  await cheapenProofOfWork(t.app, 3);
});
afterAll(() => t.close());

let n = 0;
async function registerFrom(ip: string) {
  n += 1;
  const proof = await solvedProof(t.app, ip);
  return post(
    t.app,
    '/api/auth/register',
    {
      email: `member${n}@example.com`,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      acceptTerms: true,
      proof,
    },
    undefined,
    ip,
  );
}

const accountsFrom = async (network: string) =>
  t.database.db.$count(users, eq(users.signupNetwork, network));

async function expectLimited(ip: string) {
  await mailQueueDrained(t.app);
  const before = [await t.database.db.$count(users), await t.database.db.$count(spentProofs)];
  const response = await registerFrom(ip);
  expect(response.statusCode, response.body).toBe(429);
  expect(response.json().error.message).toBe(signUpMessages.networkLimit);
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(86_000);
  expect(retryAfter).toBeLessThanOrEqual(86_400);
  expect([await t.database.db.$count(users), await t.database.db.$count(spentProofs)]).toEqual(
    before,
  );
}

describe('registrations per network per day', () => {
  it('let an IPv4 /24 register its day’s accounts, then answer 429 with Retry-After', async () => {
    for (const ip of ['203.0.113.1', '203.0.113.2', '203.0.113.250']) {
      expect((await registerFrom(ip)).statusCode).toBe(201);
    }
    const [row] = await t.database.db
      .select({ ip: users.signupIp, network: users.signupNetwork })
      .from(users)
      .where(eq(users.signupIp, '203.0.113.250'));
    expect(row).toEqual({ ip: '203.0.113.250', network: '203.0.113.0/24' });
    await expectLimited('203.0.113.77');
    // The next network is another household.
    expect((await registerFrom('203.0.114.1')).statusCode).toBe(201);
  });

  it('count an IPv6 /64 as one network', async () => {
    for (const ip of ['2001:db8:1:2::1', '2001:db8:1:2:aaaa::5', '2001:0db8:0001:0002:ffff::9']) {
      expect((await registerFrom(ip)).statusCode).toBe(201);
    }
    await expectLimited('2001:db8:1:2:1234:5678:9abc:def0');
    expect(await accountsFrom('2001:db8:1:2::/64')).toBe(3);
    expect((await registerFrom('2001:db8:1:3::1')).statusCode).toBe(201);
  });

  it('let a network register again once its accounts are a day old', async () => {
    await t.database.db
      .update(users)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(users.signupNetwork, '203.0.113.0/24'));
    expect((await registerFrom('203.0.113.9')).statusCode).toBe(201);
  });

  it('hold when many registrations from one network arrive at once', async () => {
    const proofs = await Promise.all(
      Array.from({ length: 8 }, (_, i) => solvedProof(t.app, `198.51.100.${i + 1}`)),
    );
    const answers = await Promise.all(
      proofs.map((proof, i) =>
        post(
          t.app,
          '/api/auth/register',
          {
            email: `rush${i}@example.com`,
            password: PASSWORD,
            confirmPassword: PASSWORD,
            acceptTerms: true,
            proof,
          },
          undefined,
          `198.51.100.${i + 1}`,
        ),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 429, 429, 429, 429, 429]);
    expect(await accountsFrom('198.51.100.0/24')).toBe(3);
  });
});
