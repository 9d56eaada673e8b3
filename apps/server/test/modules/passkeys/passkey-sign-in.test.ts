import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#server/db/schema.ts';
import { adminCookie, post, signedUpUser, userIdOf } from '#server-test/accounts.ts';
import { createTestApp, manualClock, sameOrigin, type TestApp } from '#server-test/helper.ts';
import {
  listPasskeys,
  reauthenticate,
  reauthenticationOptions,
  registeredPasskey,
  registrationOptions,
  sessionCookieOf,
  signIn,
  signInOptions,
  signInWith,
} from './flows.ts';
import { SoftwareAuthenticator } from './software-authenticator.ts';

/** Signing in and confirming it is you with a passkey (decision 028). */

let t: TestApp;
const clock = manualClock();
const FAILED = 'This passkey could not sign you in. Try again, or sign in with your password.';

beforeAll(async () => {
  t = await createTestApp({ clock, env: { RATE_LIMIT_AUTH_PER_IP: '1000' } });
});
afterAll(async () => {
  await t.close();
});

const sessionOf = async (cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } })).json();

const exportStatus = async (cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/account/export', headers: { cookie } }))
    .statusCode;

/** Refused the way a stranger's passkey is: 401, the same words, no cookie. */
function expectRefused(response: Awaited<ReturnType<typeof signIn>>) {
  expect(response.statusCode, response.body).toBe(401);
  expect(response.json().error).toEqual({ code: 'INVALID_CREDENTIALS', message: FAILED });
  expect(response.cookies.find((c) => c.name === 'btcp_session')).toBeUndefined();
}

async function memberWithPasskey(email: string) {
  const cookie = await signedUpUser(t.app, email);
  const { authenticator, passkey } = await registeredPasskey(t.app, cookie);
  return { cookie, authenticator, passkey };
}

describe('signing in with a passkey', () => {
  it('needs no email or password: any passkey of the site answers, and the session counts as just authenticated', async () => {
    const { authenticator } = await memberWithPasskey('passkey-user@example.com');
    const options = await signInOptions(t.app);
    expect(options.rpId).toBe('localhost');
    expect(options.allowCredentials).toEqual([]);

    const response = await signIn(t.app, { response: authenticator.authenticate(options) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().user.email).toBe('passkey-user@example.com');
    const cookie = sessionCookieOf(response);
    expect((await sessionOf(cookie)).user.email).toBe('passkey-user@example.com');
    expect(await exportStatus(cookie)).toBe(200);
    const [listed] = await listPasskeys(t.app, cookie);
    expect(listed?.lastUsedAt).toBe(clock.now().toISOString());
  });

  it('accepts each challenge once, even with a fresh signature', async () => {
    const { authenticator } = await memberWithPasskey('replay@example.com');
    const options = await signInOptions(t.app);
    const answer = authenticator.authenticate(options);
    expect((await signIn(t.app, { response: answer })).statusCode).toBe(200);
    expectRefused(await signIn(t.app, { response: answer }));
    expectRefused(await signIn(t.app, { response: authenticator.authenticate(options) }));
  });

  it('refuses a challenge made for adding a passkey or for confirming it is you', async () => {
    const { cookie, authenticator } = await memberWithPasskey('purpose@example.com');
    const forAdding = await registrationOptions(t.app, cookie);
    expectRefused(
      await signIn(t.app, {
        response: authenticator.authenticate({ challenge: forAdding.challenge }),
      }),
    );
    const forConfirming = (await reauthenticationOptions(t.app, cookie)).json();
    expectRefused(await signIn(t.app, { response: authenticator.authenticate(forConfirming) }));
  });

  it('refuses an answer for another origin or RP ID, or without user verification', async () => {
    const { authenticator } = await memberWithPasskey('phishing@example.com');
    expectRefused(await signInWith(t.app, authenticator, { origin: 'https://evil.example' }));
    expectRefused(await signInWith(t.app, authenticator, { origin: 'http://localhost:3000' }));
    expectRefused(await signInWith(t.app, authenticator, { rpId: 'evil.example' }));
    expectRefused(await signInWith(t.app, authenticator, { userVerified: false }));
    expect((await signInWith(t.app, authenticator)).statusCode).toBe(200);
  });

  it('answers an unknown passkey exactly as a wrong signature', async () => {
    expectRefused(await signInWith(t.app, new SoftwareAuthenticator()));
    const { authenticator } = await memberWithPasskey('forged@example.com');
    const options = await signInOptions(t.app);
    const answer = authenticator.authenticate(options);
    const forged = {
      ...answer.response,
      signature: new SoftwareAuthenticator().authenticate(options).response.signature,
    };
    expectRefused(await signIn(t.app, { response: { ...answer, response: forged } }));
  });

  it('refuses a counter that went back, as a cloned authenticator would send', async () => {
    const { authenticator } = await memberWithPasskey('cloned@example.com');
    expect((await signInWith(t.app, authenticator, { counter: 5 })).statusCode).toBe(200);
    expectRefused(await signInWith(t.app, authenticator, { counter: 3 }));
    expectRefused(await signInWith(t.app, authenticator, { counter: 5 }));
    expect((await signInWith(t.app, authenticator, { counter: 6 })).statusCode).toBe(200);
  });

  it('holds the account to what a password sign-in asks: deleted refused, unverified told, banned reads only', async () => {
    const deleted = await memberWithPasskey('deleted@example.com');
    await t.database.db
      .update(users)
      .set({ deletedAt: clock.now() })
      .where(eq(users.email, 'deleted@example.com'));
    expectRefused(await signInWith(t.app, deleted.authenticator));

    const unverified = await memberWithPasskey('unverified@example.com');
    await t.database.db
      .update(users)
      .set({ emailVerifiedAt: null })
      .where(eq(users.email, 'unverified@example.com'));
    const told = await signInWith(t.app, unverified.authenticator);
    expect(told.statusCode).toBe(403);
    expect(told.json().error.code).toBe('EMAIL_NOT_VERIFIED');

    // D9: a banned member may sign in and read, not act; a passkey changes nothing in that.
    const banned = await memberWithPasskey('banned-passkey@example.com');
    const admin = await adminCookie(t.app);
    const id = await userIdOf(t.database.db, 'banned-passkey@example.com');
    const ban = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${id}`,
      headers: { ...sameOrigin, cookie: admin },
      payload: { isBanned: true },
    });
    expect(ban.statusCode, ban.body).toBe(200);
    const signedIn = await signInWith(t.app, banned.authenticator);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.isBanned).toBe(true);
    const mining = await post(t.app, '/api/mining/start', {}, sessionCookieOf(signedIn));
    expect(mining.statusCode).toBe(403);
    expect(mining.json().error.code).toBe('ACCOUNT_BANNED');
  });

  it('counts against the sign-in limit of the address, like a password sign-in', async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_AUTH_PER_IP: '2' } });
    try {
      const answer = new SoftwareAuthenticator().authenticate({ challenge: 'x'.repeat(43) });
      for (let i = 0; i < 2; i++) {
        expect(
          (await post(limited.app, '/api/auth/passkey/login', { response: answer })).statusCode,
        ).toBe(401);
      }
      const limitedOut = await post(limited.app, '/api/auth/passkey/login', { response: answer });
      expect(limitedOut.statusCode).toBe(429);
      const password = await post(limited.app, '/api/auth/login', {
        email: 'nobody@example.com',
        password: 'whatever it is',
      });
      expect(password.statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('confirming it is you with a passkey', () => {
  it('opens the 10-minute window again, like the password does', async () => {
    const { cookie, authenticator } = await memberWithPasskey('confirmer@example.com');
    clock.advance(10 * 60_000 + 1000);
    expect(await exportStatus(cookie)).toBe(403);
    const options = (await reauthenticationOptions(t.app, cookie)).json();
    expect(options.allowCredentials).toEqual([
      { id: authenticator.credentialId, type: 'public-key', transports: ['internal'] },
    ]);
    const confirmed = await reauthenticate(t.app, cookie, {
      response: authenticator.authenticate(options),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(204);
    expect(await exportStatus(cookie)).toBe(200);
  });

  it('takes only the member’s own passkey and challenge, once', async () => {
    const mine = await memberWithPasskey('own-challenge@example.com');
    const theirs = await memberWithPasskey('other-challenge@example.com');
    clock.advance(10 * 60_000 + 1000);

    const myOptions = (await reauthenticationOptions(t.app, mine.cookie)).json();
    const refused = [
      // My challenge answered in their session, then their passkey on my challenge.
      await reauthenticate(t.app, theirs.cookie, {
        response: mine.authenticator.authenticate(myOptions),
      }),
      await reauthenticate(t.app, mine.cookie, {
        response: theirs.authenticator.authenticate(myOptions),
      }),
      // A sign-in challenge is not a confirmation challenge.
      await reauthenticate(t.app, mine.cookie, {
        response: mine.authenticator.authenticate(await signInOptions(t.app)),
      }),
    ];
    for (const response of refused) {
      expect(response.statusCode, response.body).toBe(400);
    }
    expect(await exportStatus(mine.cookie)).toBe(403);
    expect(await exportStatus(theirs.cookie)).toBe(403);

    const options = (await reauthenticationOptions(t.app, mine.cookie)).json();
    const answer = mine.authenticator.authenticate(options);
    expect((await reauthenticate(t.app, mine.cookie, { response: answer })).statusCode).toBe(204);
    expect((await reauthenticate(t.app, mine.cookie, { response: answer })).statusCode).toBe(400);
  });

  it('is refused to a member without a passkey', async () => {
    const cookie = await signedUpUser(t.app, 'no-passkey@example.com');
    const response = await reauthenticationOptions(t.app, cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Your account has no passkey.');
  });
});
