import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  login,
  PASSWORD,
  post,
  register,
  mailbox as sentMail,
  signedUpUser,
} from '#server-test/accounts.ts';
import { createTestApp, manualClock, type TestApp } from '#server-test/helper.ts';

/** Changing the address an account signs in with (decision 029). */

let t: TestApp;
const clock = manualClock();

beforeAll(async () => {
  t = await createTestApp({ clock, env: { RATE_LIMIT_AUTH_PER_ACCOUNT: '4' } });
});
afterAll(() => t.close());

/** The dev outbox, with each message's text. */
const mailbox = async (app: TestApp['app']) =>
  (await sentMail(app)) as { to: string; subject: string; text: string; links: string[] }[];

const changeEmail = (cookie: string, newEmail: string) =>
  post(t.app, '/api/account/email', { newEmail }, cookie);
const confirm = (token: string) => post(t.app, '/api/account/email/confirm', { token });

/** The token of the newest change link mailed to `to`, or null when none came. */
async function changeToken(to: string): Promise<string | null> {
  const message = (await mailbox(t.app)).find(
    (m) => m.to === to && m.links.some((link) => link.includes('/account/confirm-email?token=')),
  );
  const link = message?.links.find((l) => l.includes('/account/confirm-email?token='));
  return link ? new URL(link).searchParams.get('token') : null;
}

async function noticesTo(to: string) {
  return (await mailbox(t.app)).filter(
    (m) => m.to === to && m.subject.startsWith('Security notice'),
  );
}

const accountEmail = async (cookie: string) =>
  (
    (await t.app.inject({ method: 'GET', url: '/api/account', headers: { cookie } })).json() as {
      email: string;
    }
  ).email;

const sessionEmail = async (cookie: string) =>
  (
    (
      await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } })
    ).json() as { user: { email: string } | null }
  ).user?.email;

describe('POST /api/account/email', () => {
  it('mails a link to the new address and a notice to the current one; the link works once', async () => {
    const cookie = await signedUpUser(t.app, 'mover@example.com');
    // Read before the change: the session cache keeps it.
    expect(await sessionEmail(cookie)).toBe('mover@example.com');

    const asked = await changeEmail(cookie, 'Moved@Example.com');
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json()).toEqual({ message: 'Check Moved@Example.com for a link to confirm it' });
    const token = await changeToken('Moved@Example.com');
    expect(token).toBeTruthy();
    const [notice] = await noticesTo('mover@example.com');
    expect(notice?.text).toContain('Someone asked to change the email address');
    // Nothing changed yet.
    expect(await accountEmail(cookie)).toBe('mover@example.com');

    const confirmed = await confirm(token ?? '');
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ email: 'Moved@Example.com' });
    expect((await confirm(token ?? '')).statusCode).toBe(400);

    expect(await accountEmail(cookie)).toBe('Moved@Example.com');
    expect(await sessionEmail(cookie)).toBe('Moved@Example.com');
    expect(
      (await noticesTo('mover@example.com')).some((m) =>
        m.text.includes('this address no longer signs in'),
      ),
    ).toBe(true);

    const old = await post(t.app, '/api/auth/login', {
      email: 'mover@example.com',
      password: PASSWORD,
      remember: false,
    });
    expect(old.statusCode).toBe(401);
    await login(t.app, 'moved@example.com');
  });

  it('answers the same for an address that is taken, and mails it nothing', async () => {
    await signedUpUser(t.app, 'taken@example.com');
    const cookie = await signedUpUser(t.app, 'wants-taken@example.com');
    const before = (await mailbox(t.app)).filter((m) => m.to === 'taken@example.com').length;
    const asked = await changeEmail(cookie, 'taken@example.com');
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({ message: 'Check taken@example.com for a link to confirm it' });
    const after = (await mailbox(t.app)).filter((m) => m.to === 'taken@example.com').length;
    expect(after).toBe(before);
    expect(await accountEmail(cookie)).toBe('wants-taken@example.com');
  });

  it('refuses the current address (whatever its case) with a 400', async () => {
    const cookie = await signedUpUser(t.app, 'same@example.com');
    const response = await changeEmail(cookie, 'SAME@example.com');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: { fields: { newEmail: 'That is already your email address' } },
    });
    expect(await noticesTo('same@example.com')).toEqual([]);
  });

  it('needs the password entered in the last 10 minutes', async () => {
    const cookie = await signedUpUser(t.app, 'stale@example.com');
    clock.advance(10 * 60_000 + 1000);
    const refused = await changeEmail(cookie, 'stale-new@example.com');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: { code: 'REAUTHENTICATION_REQUIRED' } });
    expect(await changeToken('stale-new@example.com')).toBeNull();
    expect(await noticesTo('stale@example.com')).toEqual([]);

    await post(t.app, '/api/account/reauthenticate', { password: PASSWORD }, cookie);
    expect((await changeEmail(cookie, 'stale-new@example.com')).statusCode).toBe(202);
  });

  it('keeps only the newest request’s link', async () => {
    const cookie = await signedUpUser(t.app, 'twice@example.com');
    await changeEmail(cookie, 'first-choice@example.com');
    const first = await changeToken('first-choice@example.com');
    await changeEmail(cookie, 'second-choice@example.com');
    const second = await changeToken('second-choice@example.com');
    expect((await confirm(first ?? '')).statusCode).toBe(400);
    expect((await confirm(second ?? '')).statusCode).toBe(200);
    expect(await accountEmail(cookie)).toBe('second-choice@example.com');
  });

  it('answers 409 and writes nothing when the address was taken after the link was sent', async () => {
    const cookie = await signedUpUser(t.app, 'slow@example.com');
    await changeEmail(cookie, 'contested@example.com');
    const token = await changeToken('contested@example.com');
    // Someone registers the address before the link is opened.
    await register(t.app, 'contested@example.com');
    const noticesBefore = (await noticesTo('slow@example.com')).length;

    const response = await confirm(token ?? '');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      error: { message: 'That email address is already in use' },
    });
    expect(await accountEmail(cookie)).toBe('slow@example.com');
    expect((await noticesTo('slow@example.com')).length).toBe(noticesBefore);
    await login(t.app, 'slow@example.com');
  });

  it('refuses an unknown or expired link', async () => {
    expect((await confirm('x'.repeat(43))).statusCode).toBe(400);
    const cookie = await signedUpUser(t.app, 'late@example.com');
    await changeEmail(cookie, 'late-new@example.com');
    const token = await changeToken('late-new@example.com');
    clock.advance(24 * 3_600_000 + 1000);
    expect((await confirm(token ?? '')).statusCode).toBe(400);
  });

  it('is rate-limited per account', async () => {
    const cookie = await signedUpUser(t.app, 'eager@example.com');
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push((await changeEmail(cookie, `eager-${i}@example.com`)).statusCode);
    }
    expect(statuses).toEqual([202, 202, 202, 202, 429]);
  });
});
