import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailbox, post, signedUpUser } from '#server-test/accounts.ts';
import { createTestApp, manualClock, sameOrigin, type TestApp } from '#server-test/helper.ts';
import { addPasskey, listPasskeys, registeredPasskey, registrationOptions } from './flows.ts';
import { SoftwareAuthenticator } from './software-authenticator.ts';

/** Adding, naming and removing passkeys on /account (decision 028). */

let t: TestApp;
const clock = manualClock();

beforeAll(async () => {
  t = await createTestApp({ clock, env: { RATE_LIMIT_AUTH_PER_IP: '1000' } });
});
afterAll(async () => {
  await t.close();
});

const rename = (cookie: string, id: string, name: unknown) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/account/passkeys/${id}`,
    headers: { ...sameOrigin, cookie },
    payload: { name },
  });

const remove = (cookie: string, id: string) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/account/passkeys/${id}`,
    headers: { ...sameOrigin, cookie },
  });

const notices = async (to: string) =>
  (await mailbox(t.app)).filter(
    (message) => message.to === to && message.subject.startsWith('Security notice'),
  ) as unknown as { text: string }[];

describe('adding a passkey', () => {
  it('offers options for this site and member, then keeps the passkey, named after the browser, and tells the owner', async () => {
    const cookie = await signedUpUser(t.app, 'adder@example.com');
    const options = await registrationOptions(t.app, cookie);
    expect(options.rp).toEqual({ id: 'localhost', name: 'BTCP' });
    expect(options.user.name).toBe('adder@example.com');
    expect(options.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'required',
    });
    expect(options.excludeCredentials).toEqual([]);

    const authenticator = new SoftwareAuthenticator();
    const response = await addPasskey(t.app, cookie, {
      response: authenticator.register(options),
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      id: authenticator.credentialId,
      name: 'Chrome on macOS Catalina',
      lastUsedAt: null,
      synced: false,
    });
    expect((await listPasskeys(t.app, cookie)).map((p) => p.name)).toEqual([
      'Chrome on macOS Catalina',
    ]);
    const [notice] = await notices('adder@example.com');
    expect(notice?.text).toContain('A passkey was added to your account.');

    // The next options exclude it, so the same authenticator is not added twice.
    const next = await registrationOptions(t.app, cookie);
    expect(next.excludeCredentials).toEqual([
      { id: authenticator.credentialId, type: 'public-key', transports: ['internal'] },
    ]);
    const again = await addPasskey(t.app, cookie, { response: authenticator.register(next) });
    expect(again.statusCode, again.body).toBe(409);
  });

  it('keeps the name the member chose', async () => {
    const cookie = await signedUpUser(t.app, 'namer@example.com');
    const options = await registrationOptions(t.app, cookie);
    const response = await addPasskey(t.app, cookie, {
      response: new SoftwareAuthenticator().register(options),
      name: '  Work laptop  ',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().name).toBe('Work laptop');
  });

  it('accepts each registration challenge once', async () => {
    const cookie = await signedUpUser(t.app, 'replayer@example.com');
    const options = await registrationOptions(t.app, cookie);
    const answer = new SoftwareAuthenticator().register(options);
    expect((await addPasskey(t.app, cookie, { response: answer })).statusCode).toBe(201);
    await remove(cookie, answer.id);
    const replayed = await addPasskey(t.app, cookie, { response: answer });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().error.message).toMatch(/expired or was already used/);
    expect(await listPasskeys(t.app, cookie)).toEqual([]);
  });

  it('refuses another member’s challenge, an expired one, or one for signing in', async () => {
    const mine = await signedUpUser(t.app, 'challenge-owner@example.com');
    const theirs = await signedUpUser(t.app, 'challenge-thief@example.com');
    const options = await registrationOptions(t.app, mine);
    const stolen = await addPasskey(t.app, theirs, {
      response: new SoftwareAuthenticator().register(options),
    });
    expect(stolen.statusCode).toBe(400);

    const signIn = (await post(t.app, '/api/auth/passkey/options')).json();
    const wrongPurpose = await addPasskey(t.app, mine, {
      response: new SoftwareAuthenticator().register({ ...options, challenge: signIn.challenge }),
    });
    expect(wrongPurpose.statusCode).toBe(400);

    const late = await registrationOptions(t.app, mine);
    clock.advance(5 * 60_000 + 1000);
    // Signing in again keeps the password window open; only the challenge has aged.
    const fresh = await post(t.app, '/api/auth/login', {
      email: 'challenge-owner@example.com',
      password: 'correct horse battery',
    });
    const cookie = `btcp_session=${fresh.cookies.find((c) => c.name === 'btcp_session')?.value}`;
    const expired = await addPasskey(t.app, cookie, {
      response: new SoftwareAuthenticator().register(late),
    });
    expect(expired.statusCode).toBe(400);
    expect(await listPasskeys(t.app, cookie)).toEqual([]);
  });

  it('refuses a passkey made for another origin or another RP ID, or without user verification', async () => {
    const cookie = await signedUpUser(t.app, 'phished@example.com');
    for (const ceremony of [
      { origin: 'https://evil.example' },
      { rpId: 'evil.example' },
      { userVerified: false },
    ]) {
      const options = await registrationOptions(t.app, cookie);
      const response = await addPasskey(t.app, cookie, {
        response: new SoftwareAuthenticator().register(options, ceremony),
      });
      expect(response.statusCode, JSON.stringify(ceremony)).toBe(400);
      expect(response.json().error.message).toBe(
        'The passkey could not be added. Please try again.',
      );
    }
    expect(await listPasskeys(t.app, cookie)).toEqual([]);
  });

  it('needs the password entered in the last 10 minutes, for the options and for the passkey', async () => {
    const cookie = await signedUpUser(t.app, 'stale@example.com');
    const options = await registrationOptions(t.app, cookie);
    clock.advance(10 * 60_000 + 1000);
    const late = await post(t.app, '/api/account/passkeys/registration-options', undefined, cookie);
    expect(late.statusCode).toBe(403);
    expect(late.json().error.code).toBe('REAUTHENTICATION_REQUIRED');
    const added = await addPasskey(t.app, cookie, {
      response: new SoftwareAuthenticator().register(options),
    });
    expect(added.statusCode).toBe(403);
    expect(added.json().error.code).toBe('REAUTHENTICATION_REQUIRED');
  });
});

describe('naming and removing passkeys', () => {
  it('lets members rename and remove only their own passkeys; another’s is a 404', async () => {
    const owner = await signedUpUser(t.app, 'keeper@example.com');
    const other = await signedUpUser(t.app, 'meddler@example.com');
    const { passkey } = await registeredPasskey(t.app, owner);

    expect(await listPasskeys(t.app, other)).toEqual([]);
    expect((await rename(other, passkey.id, 'Mine now')).statusCode).toBe(404);
    expect((await remove(other, passkey.id)).statusCode).toBe(404);
    expect((await listPasskeys(t.app, owner)).map((p) => p.name)).toEqual([
      'Chrome on macOS Catalina',
    ]);

    const renamed = await rename(owner, passkey.id, 'Phone');
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().name).toBe('Phone');
    for (const bad of ['', '   ', 'x'.repeat(51), 'Tab\there']) {
      expect((await rename(owner, passkey.id, bad)).statusCode).toBe(400);
    }
    expect((await listPasskeys(t.app, owner)).map((p) => p.name)).toEqual(['Phone']);

    expect((await remove(owner, passkey.id)).statusCode).toBe(204);
    expect(await listPasskeys(t.app, owner)).toEqual([]);
    const sent = await notices('keeper@example.com');
    expect(sent.map((n) => n.text).join('\n')).toContain(
      'A passkey was removed from your account.',
    );
    expect(await notices('meddler@example.com')).toEqual([]);
  });

  it('asks for the password again before removing a passkey', async () => {
    const cookie = await signedUpUser(t.app, 'remover@example.com');
    const { passkey } = await registeredPasskey(t.app, cookie);
    clock.advance(10 * 60_000 + 1000);
    const response = await remove(cookie, passkey.id);
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('REAUTHENTICATION_REQUIRED');
    const confirmed = await post(
      t.app,
      '/api/account/reauthenticate',
      { password: 'correct horse battery' },
      cookie,
    );
    expect(confirmed.statusCode).toBe(204);
    expect((await remove(cookie, passkey.id)).statusCode).toBe(204);
  });
});
