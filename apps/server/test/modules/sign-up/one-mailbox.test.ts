import { authMessages, signUpMessages } from '@btcp/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#server/db/schema.ts';
import {
  mailbox,
  PASSWORD,
  post,
  postProven,
  register,
  signedUpUser,
} from '#server-test/accounts.ts';
import { createTestApp, type TestApp } from '#server-test/helper.ts';

/** One mailbox, one account (decision 031). */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: {
      DISPOSABLE_EMAIL_DOMAINS: 'burner.example.net, @Throwaway.Example.net',
      DISPOSABLE_EMAIL_DOMAINS_ALLOWED: 'spamgourmet.com',
    },
  });
});
afterAll(() => t.close());

const registerAs = (email: string) =>
  postProven(t.app, '/api/auth/register', {
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    acceptTerms: true,
  });

const accountsLike = async (pattern: string) =>
  (
    await t.database.db
      .select({ email: users.email })
      .from(users)
      .where(sql`lower(${users.email}) LIKE ${pattern}`)
  ).map((row) => row.email);

describe('disposable addresses', () => {
  it('are refused, at the listed domain and below it, with a clear message and nothing written', async () => {
    for (const email of [
      'someone@mailinator.com',
      'someone@MAILINATOR.com',
      'someone@inbox.mailinator.com',
      'someone@burner.example.net',
      'someone@mx.throwaway.example.net',
    ]) {
      const response = await registerAs(email);
      expect(response.statusCode, email).toBe(400);
      expect(response.json().error.fields.email).toBe(signUpMessages.disposableEmail);
    }
    expect(await accountsLike('someone@%')).toEqual([]);
  });

  it('are accepted where the operator allows them, and ordinary domains always', async () => {
    expect((await registerAs('allowed@spamgourmet.com')).statusCode).toBe(201);
    expect((await registerAs('someone@example.org')).statusCode).toBe(201);
  });

  it('are refused as a new address of an account', async () => {
    const cookie = await signedUpUser(t.app, 'changer@example.com');
    await post(t.app, '/api/account/reauthenticate', { password: PASSWORD }, cookie);
    const response = await post(
      t.app,
      '/api/account/email',
      { newEmail: 'changer@yopmail.com' },
      cookie,
    );
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.fields.newEmail).toBe(signUpMessages.disposableEmail);
  });
});

describe('normalised addresses', () => {
  it('treat Gmail dots, +tags and case as the same mailbox: the owner is told, nothing is created', async () => {
    await register(t.app, 'ada.lovelace+btcp@gmail.com');
    const [typed] = await mailbox(t.app);
    // Mail goes to the address as typed.
    expect(typed?.to).toBe('ada.lovelace+btcp@gmail.com');
    for (const variant of ['AdaLovelace@gmail.com', 'a.d.a.lovelace+other@googlemail.com']) {
      const response = await registerAs(variant);
      expect(response.statusCode).toBe(201);
      const [newest] = await mailbox(t.app);
      expect(newest?.subject).toBe('You already have a BTCP account');
      expect(newest?.to).toBe('ada.lovelace+btcp@gmail.com');
    }
    expect(await accountsLike('%lovelace%')).toEqual(['ada.lovelace+btcp@gmail.com']);
    const [row] = await t.database.db
      .select({ normalized: users.emailNormalized })
      .from(users)
      .where(eq(users.email, 'ada.lovelace+btcp@gmail.com'));
    expect(row?.normalized).toBe('adalovelace@gmail.com');
  });

  it('refuse a trailing dot and a quoted local part, spellings of a mailbox that has an account', async () => {
    await register(t.app, 'same.person@gmail.com');
    for (const [variant, message] of [
      ['same.person@gmail.com.', authMessages.emailTrailingDot],
      ['"same.person"@gmail.com', authMessages.emailQuoted],
      ['"sameperson"@gmail.com.', authMessages.emailQuoted],
    ] as const) {
      const response = await registerAs(variant);
      expect(response.statusCode, variant).toBe(400);
      expect(response.json().error.fields.email, variant).toBe(message);
    }
    expect(await accountsLike('%same%person%')).toEqual(['same.person@gmail.com']);
  });

  it('keep dots apart where the provider does not ignore them', async () => {
    expect((await registerAs('jo.doe@example.net')).statusCode).toBe(201);
    expect((await registerAs('jodoe@example.net')).statusCode).toBe(201);
    expect(await accountsLike('%doe@example.net')).toHaveLength(2);
  });

  it('count as taken when an account changes its address to one of them (409 at confirm)', async () => {
    const cookie = await signedUpUser(t.app, 'mover@example.com');
    await post(t.app, '/api/account/reauthenticate', { password: PASSWORD }, cookie);
    const asked = await post(
      t.app,
      '/api/account/email',
      { newEmail: 'grace.hopper@gmail.com' },
      cookie,
    );
    expect(asked.statusCode).toBe(202);
    const link = await changeLinkToken('grace.hopper@gmail.com');
    // Meanwhile the same mailbox registers under another spelling.
    await register(t.app, 'GraceHopper+x@gmail.com');
    const confirmed = await post(t.app, '/api/account/email/confirm', { token: link });
    expect(confirmed.statusCode, confirmed.body).toBe(409);
    expect(await accountsLike('mover@example.com')).toEqual(['mover@example.com']);
  });
});

async function changeLinkToken(to: string): Promise<string> {
  const message = (await mailbox(t.app)).find(
    (m) => m.to === to && m.links.some((link) => link.includes('/account/confirm-email?token=')),
  );
  const link = message?.links.find((l) => l.includes('/account/confirm-email?token='));
  if (!link) throw new Error(`no change link for ${to}`);
  return new URL(link).searchParams.get('token') ?? '';
}
