import type { ProofChallengeResponse } from '@btcp/shared';
import { signUpMessages } from '@btcp/shared';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailQueue, spentProofs, users } from '#server/db/schema.ts';
import { purgeSpentProofs } from '#server/modules/sign-up/proof-of-work.ts';
import {
  adminCookie,
  cheapenProofOfWork,
  freshNetworkAddress,
  mailQueueDrained,
  PASSWORD,
  post,
  solvedProof,
} from '#server-test/accounts.ts';
import { createTestApp, manualClock, sameOrigin, type TestApp } from '#server-test/helper.ts';

/** The proof of work of the sign-up forms (decision 031). */

let t: TestApp;
const clock = manualClock();

beforeAll(async () => {
  t = await createTestApp({ clock });
  await cheapenProofOfWork(t.app);
});
afterAll(() => t.close());

const registration = (email: string) => ({
  email,
  password: PASSWORD,
  confirmPassword: PASSWORD,
  acceptTerms: true,
});

/** What a refusal must leave untouched. */
async function written() {
  const [row] = await t.database.db
    .select({
      users: sql<number>`(SELECT count(*)::int FROM ${users})`,
      mail: sql<number>`(SELECT count(*)::int FROM ${mailQueue})`,
      spent: sql<number>`(SELECT count(*)::int FROM ${spentProofs})`,
    })
    .from(sql`(SELECT 1) AS one`);
  return row;
}

async function expectRefused(
  send: () => Promise<{ statusCode: number; json(): unknown }>,
  message: string,
) {
  await mailQueueDrained(t.app);
  const before = await written();
  const response = await send();
  expect(response.statusCode).toBe(400);
  const { error } = response.json() as { error: { message: string; fields: { proof: string } } };
  expect(error.fields.proof).toBe(message);
  expect(await written()).toEqual(before);
}

describe('GET /api/auth/challenge', () => {
  it('hands out a new signed challenge each time, never cached', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/auth/challenge' });
    const second = await t.app.inject({ method: 'GET', url: '/api/auth/challenge' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const a = first.json() as ProofChallengeResponse;
    const b = second.json() as ProofChallengeResponse;
    expect(a.challenge.parameters.algorithm).toBe('PBKDF2/SHA-256');
    expect(a.challenge.signature).not.toBe(b.challenge.signature);
    expect(a.expiresInSeconds).toBe(600);
  });

  it('costs what the admin set: the answer lies between half the attempts and all of them', async () => {
    const admin = await adminCookie(t.app);
    const settings = { proofOfWorkAttempts: 40, registrationsPerNetworkPerDay: 5 };
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings/sign-up',
      headers: { ...sameOrigin, cookie: admin },
      payload: settings,
    });
    expect(saved.json()).toEqual(settings);
    for (let i = 0; i < 3; i++) {
      const response = await t.app.inject({ method: 'GET', url: '/api/auth/challenge' });
      const { challenge } = response.json() as ProofChallengeResponse;
      const solution = await solveChallenge({ challenge, deriveKey });
      expect(solution?.counter).toBeGreaterThanOrEqual(20);
      expect(solution?.counter).toBeLessThanOrEqual(40);
    }
    await cheapenProofOfWork(t.app);
  });
});

describe('a proof of work', () => {
  it('is accepted once, and refused when used again (400, nothing written)', async () => {
    const address = freshNetworkAddress();
    const proof = await solvedProof(t.app, address);
    const first = await post(
      t.app,
      '/api/auth/register',
      { ...registration('once@example.com'), proof },
      undefined,
      address,
    );
    expect(first.statusCode, first.body).toBe(201);
    await expectRefused(
      () =>
        post(
          t.app,
          '/api/auth/register',
          { ...registration('twice@example.com'), proof },
          undefined,
          address,
        ),
      signUpMessages.proofReused,
    );
    // The other forms take no solution twice either, even one a registration spent.
    await expectRefused(
      () => post(t.app, '/api/auth/forgot-password', { email: 'once@example.com', proof }),
      signUpMessages.proofReused,
    );
  });

  it('is spent by exactly one of several requests that send it at once', async () => {
    const proof = await solvedProof(t.app);
    const answers = await Promise.all(
      ['a', 'b', 'c', 'd'].map((who) =>
        post(t.app, '/api/auth/resend-verification', { email: `${who}@example.com`, proof }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([202, 400, 400, 400]);
  });

  it('is refused once its challenge expired, by the server’s clock', async () => {
    const proof = await solvedProof(t.app);
    clock.advance(10 * 60_000 + 1000);
    await expectRefused(
      () => post(t.app, '/api/auth/register', { ...registration('late@example.com'), proof }),
      signUpMessages.proofExpired,
    );
  });

  it('is refused when wrong: a guessed key, a changed challenge, not base64', async () => {
    const proof = await solvedProof(t.app);
    const { challenge, solution } = JSON.parse(Buffer.from(proof, 'base64').toString());
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
    const wrong = [
      // The signed prefix is half the key: the other half cannot be guessed without the work.
      encode({
        challenge,
        solution: { ...solution, derivedKey: challenge.parameters.keyPrefix + '00'.repeat(16) },
      }),
      encode({ challenge, solution: { ...solution, derivedKey: '00'.repeat(32) } }),
      encode({
        challenge: {
          ...challenge,
          parameters: { ...challenge.parameters, data: { expires: 4_000_000_000 } },
        },
        solution,
      }),
      encode({ challenge: { ...challenge, signature: '00' }, solution }),
      encode({ solution }),
      'not a proof at all',
    ];
    for (const bad of wrong) {
      await expectRefused(
        () =>
          post(t.app, '/api/auth/register', { ...registration('wrong@example.com'), proof: bad }),
        signUpMessages.proofInvalid,
      );
    }
  });

  it('is required by registration, resend verification and forgot password', async () => {
    for (const [url, body] of [
      ['/api/auth/register', registration('missing@example.com')],
      ['/api/auth/resend-verification', { email: 'missing@example.com' }],
      ['/api/auth/forgot-password', { email: 'missing@example.com' }],
    ] as const) {
      await expectRefused(() => post(t.app, url, body), signUpMessages.proofMissing);
    }
  });

  it('is forgotten once its challenge expired (the maintenance job)', async () => {
    const proof = await solvedProof(t.app);
    const response = await post(t.app, '/api/auth/forgot-password', {
      email: 'purge@example.com',
      proof,
    });
    expect(response.statusCode).toBe(202);
    const before = await t.database.db.$count(spentProofs);
    await purgeSpentProofs(t.database.db, new Date(clock.now().getTime() + 11 * 60_000));
    expect(await t.database.db.$count(spentProofs)).toBeLessThan(before);
    expect(await t.database.db.$count(spentProofs)).toBe(0);
  });
});
