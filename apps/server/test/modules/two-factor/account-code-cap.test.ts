import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCookie, mailbox, PASSWORD, post, signedUpUser } from '#server-test/accounts.ts';
import { createTestApp, manualClock, type TestApp } from '#server-test/helper.ts';
import { codeAt, codeStep, enable, type Kind, passwordStep } from './steps.ts';

/**
 * Decision 048: wrong second-factor codes are capped per account, whatever address they come
 * from; past the cap the code step of that account is refused until its window ends, and the
 * owner is mailed once.
 */

let t: TestApp;
const clock = manualClock();
const STEP_MS = 30_000;
/** RATE_LIMIT_WRONG_CODES_PER_ACCOUNT's default. */
const CAP = 10;
const NOTICE = 'Someone who knows the password of your account';

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t.close();
});

/** Moves the clock to the start of a rate-limit window, so a test's steps all fall in one. */
function toWindowStart() {
  const windowMs = t.config.RATE_LIMIT_WINDOW_SECONDS * 1000;
  clock.advance(windowMs - (clock.now().getTime() % windowMs));
}

let nextNetwork = 0;
/** An address in a /24 no other request of this file used. */
const freshAddress = () => `198.51.${++nextNetwork}.7`;

/** Wrong codes for `email`, two from each of many addresses: each alone far under its own limits. */
async function guessFromManyAddresses(kind: Kind, email: string, secret: string, wrong: number) {
  const wrongCode = codeAt(t.app, secret, 20 * STEP_MS);
  for (let sent = 0; sent < wrong; sent += 2) {
    const from = freshAddress();
    const { pending } = await passwordStep(t.app, kind, email, false, from);
    for (let i = 0; i < Math.min(2, wrong - sent); i++) {
      const response = await codeStep(t.app, kind, pending, { code: wrongCode }, from);
      expect(response.statusCode, response.body).toBe(400);
    }
  }
}

function expectPaused(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(429);
  expect(response.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  expect(response.cookies.find((c) => c.name.includes('session'))).toBeUndefined();
}

async function noticesTo(email: string) {
  return (await mailbox(t.app))
    .map((m) => m as unknown as { to: string; text: string })
    .filter((m) => m.to === email && m.text.includes(NOTICE));
}

describe('wrong codes for one member from many addresses', () => {
  it('stop at the cap: then even a right code waits for the window, and the owner is mailed once', async () => {
    const owner = await signedUpUser(t.app, 'target@example.com');
    const { secret, recoveryCodes } = await enable(t.app, 'user', owner);
    const bystander = await signedUpUser(t.app, 'bystander@example.com');
    const other = await enable(t.app, 'user', bystander);
    toWindowStart();

    await guessFromManyAddresses('user', 'target@example.com', secret, CAP);

    const from = freshAddress();
    const { pending } = await passwordStep(t.app, 'user', 'target@example.com', false, from);
    const wrong = await codeStep(t.app, 'user', pending, { code: '000000' }, from);
    expectPaused(wrong);
    const right = await codeStep(t.app, 'user', pending, { code: codeAt(t.app, secret) }, from);
    expectPaused(right);
    const recovery = await codeStep(
      t.app,
      'user',
      pending,
      { recoveryCode: recoveryCodes[0] ?? '' },
      from,
    );
    expectPaused(recovery);

    // Another account, from the same address, signs in as usual.
    const elsewhere = await passwordStep(t.app, 'user', 'bystander@example.com', false, from);
    const signedIn = await codeStep(
      t.app,
      'user',
      elsewhere.pending,
      { code: codeAt(t.app, other.secret) },
      from,
    );
    expect(signedIn.statusCode, signedIn.body).toBe(200);

    const notices = await noticesTo('target@example.com');
    expect(notices).toHaveLength(1);
    expect(notices[0]?.text).toMatch(/change your password/i);
    expect(await noticesTo('bystander@example.com')).toHaveLength(0);

    // The window over, the owner's right code signs in again, and no second mail went out.
    clock.advance(Number(right.headers['retry-after']) * 1000);
    const later = await passwordStep(t.app, 'user', 'target@example.com', false, from);
    const back = await codeStep(
      t.app,
      'user',
      later.pending,
      { code: codeAt(t.app, secret) },
      from,
    );
    expect(back.statusCode, back.body).toBe(200);
    expect(await noticesTo('target@example.com')).toHaveLength(1);
  });

  it('do not count right codes: an owner signing in often is never paused', async () => {
    const owner = await signedUpUser(t.app, 'often@example.com');
    const { secret } = await enable(t.app, 'user', owner);
    toWindowStart();
    await guessFromManyAddresses('user', 'often@example.com', secret, CAP - 1);
    for (let i = 0; i <= CAP; i++) {
      clock.advance(STEP_MS);
      const { pending } = await passwordStep(t.app, 'user', 'often@example.com');
      const right = await codeStep(t.app, 'user', pending, { code: codeAt(t.app, secret) });
      expect(right.statusCode, right.body).toBe(200);
    }
    expect(await noticesTo('often@example.com')).toHaveLength(0);
  });

  it('stop at the cap when they are sent at once', async () => {
    const owner = await signedUpUser(t.app, 'burst@example.com');
    const { secret } = await enable(t.app, 'user', owner);
    toWindowStart();
    const wrongCode = codeAt(t.app, secret, 20 * STEP_MS);
    const senders = [];
    for (let i = 0; i < CAP; i++) {
      const from = freshAddress();
      senders.push({
        from,
        ...(await passwordStep(t.app, 'user', 'burst@example.com', false, from)),
      });
    }
    const answers = await Promise.all(
      senders.flatMap(({ from, pending }) =>
        [1, 2].map(() => codeStep(t.app, 'user', pending, { code: wrongCode }, from)),
      ),
    );
    const statuses = answers.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 400)).toHaveLength(CAP);
    expect(statuses.filter((status) => status === 429)).toHaveLength(CAP);
    expect(await noticesTo('burst@example.com')).toHaveLength(1);
  });
});

describe('wrong codes for one admin from many addresses', () => {
  it('stop at the cap of that admin only: another admin and the member of the same address sign in', async () => {
    const root = await adminCookie(t.app, 'root@example.com');
    const created = await post(
      t.app,
      '/api/admin-auth/create',
      { email: 'second@example.com', password: PASSWORD, confirmPassword: PASSWORD },
      root,
    );
    expect(created.statusCode, created.body).toBe(201);
    const second = await adminCookie(t.app, 'second@example.com');
    const rootFactor = await enable(t.app, 'admin', root);
    const secondFactor = await enable(t.app, 'admin', second);
    const member = await signedUpUser(t.app, 'root@example.com');
    const memberFactor = await enable(t.app, 'user', member);
    toWindowStart();

    await guessFromManyAddresses('admin', 'root@example.com', rootFactor.secret, CAP);

    const from = freshAddress();
    const { pending } = await passwordStep(t.app, 'admin', 'root@example.com', false, from);
    const right = await codeStep(
      t.app,
      'admin',
      pending,
      { code: codeAt(t.app, rootFactor.secret) },
      from,
    );
    expectPaused(right);

    const other = await passwordStep(t.app, 'admin', 'second@example.com', false, from);
    const otherIn = await codeStep(
      t.app,
      'admin',
      other.pending,
      { code: codeAt(t.app, secondFactor.secret) },
      from,
    );
    expect(otherIn.statusCode, otherIn.body).toBe(200);
    // Members and admins are counted apart, even under one email address.
    const asMember = await passwordStep(t.app, 'user', 'root@example.com', false, from);
    const memberIn = await codeStep(
      t.app,
      'user',
      asMember.pending,
      { code: codeAt(t.app, memberFactor.secret) },
      from,
    );
    expect(memberIn.statusCode, memberIn.body).toBe(200);

    expect(await noticesTo('root@example.com')).toHaveLength(1);
    expect(await noticesTo('second@example.com')).toHaveLength(0);
  });
});
