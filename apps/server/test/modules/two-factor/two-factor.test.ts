import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, recoveryCodes } from '#server/db/schema.ts';
import {
  latestToken,
  login,
  mailbox,
  PASSWORD,
  post,
  postProven,
  signedUpUser,
} from '#server-test/accounts.ts';
import { createTestApp, manualClock, type TestApp } from '#server-test/helper.ts';
import {
  codeAt,
  codeStep,
  confirm,
  disable,
  enable,
  passwordStep,
  sessionOf,
  startEnrolment,
  status,
} from './steps.ts';

/** Two-factor for members (decision 027): enrolment, the second sign-in step, turning it off. */

let t: TestApp;
const clock = manualClock();
const STEP_MS = 30_000;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t.close();
});

const accountOf = async (cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/account', headers: { cookie } })).json() as {
    twoFactorEnabled: boolean;
  };

describe('enrolment', () => {
  it('shows a key and a QR code, refuses a wrong code, and confirms with a right one', async () => {
    const cookie = await signedUpUser(t.app, 'enrol@example.com');
    const started = await startEnrolment(t.app, 'user', cookie);
    expect(started.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(started.otpauthUri).toMatch(/^otpauth:\/\/totp\/BTCP:enrol%40example\.com\?/);
    expect(started.qrCodeSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    // Not confirmed yet: two-factor is off and the password alone still signs in.
    expect(await status(t.app, 'user', cookie)).toMatchObject({ enabled: false });
    expect((await passwordStep(t.app, 'user', 'enrol@example.com')).session).toBeDefined();

    const wrong = await confirm(t.app, 'user', cookie, codeAt(t.app, started.secret, 10 * STEP_MS));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      error: { code: 'TWO_FACTOR_CODE_INVALID', fields: { code: expect.any(String) } },
    });
    expect(await status(t.app, 'user', cookie)).toMatchObject({ enabled: false });

    const right = await confirm(t.app, 'user', cookie, codeAt(t.app, started.secret));
    expect(right.statusCode, right.body).toBe(200);
    const codes = (right.json() as { recoveryCodes: string[] }).recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect(codes[0]).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(await status(t.app, 'user', cookie)).toEqual({
      enabled: true,
      enabledAt: expect.any(String),
      recoveryCodesLeft: 10,
    });
    expect(await accountOf(cookie)).toMatchObject({ twoFactorEnabled: true });
    // Kept only as hashes.
    const stored = await t.database.db.select().from(recoveryCodes);
    expect(stored.map((row) => row.codeHash)).not.toContain(codes[0]);
    expect(JSON.stringify(stored)).not.toContain(codes[0]?.replace('-', ''));

    const again = await post(t.app, '/api/account/two-factor/enrolment', undefined, cookie);
    expect(again.statusCode).toBe(409);
  });

  it('can be restarted before it is confirmed; the old key no longer confirms', async () => {
    const cookie = await signedUpUser(t.app, 'restart@example.com');
    const first = await startEnrolment(t.app, 'user', cookie);
    const second = await startEnrolment(t.app, 'user', cookie);
    expect(second.secret).not.toBe(first.secret);
    expect((await confirm(t.app, 'user', cookie, codeAt(t.app, first.secret))).statusCode).toBe(
      400,
    );
    expect((await confirm(t.app, 'user', cookie, codeAt(t.app, second.secret))).statusCode).toBe(
      200,
    );
  });

  it('needs the password entered within 10 minutes to start', async () => {
    const cookie = await signedUpUser(t.app, 'stale@example.com');
    clock.advance(11 * 60_000);
    const stale = await post(t.app, '/api/account/two-factor/enrolment', undefined, cookie);
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject({ error: { code: 'REAUTHENTICATION_REQUIRED' } });
    await post(t.app, '/api/account/reauthenticate', { password: PASSWORD }, cookie);
    await startEnrolment(t.app, 'user', cookie);
  });
});

describe('signing in with two-factor on', () => {
  it('asks for the code, signs in with it, and refuses the same code again', async () => {
    const cookie = await signedUpUser(t.app, 'signin@example.com');
    const { secret } = await enable(t.app, 'user', cookie);
    clock.advance(STEP_MS);

    const first = await passwordStep(t.app, 'user', 'signin@example.com', true);
    expect(first.session).toBeUndefined();
    expect(first.response.json()).toEqual({ user: null, admin: null, twoFactorRequired: true });
    const pendingCookie = first.response.cookies.find((c) => c.name === 'btcp_pending_sign_in');
    expect(pendingCookie).toMatchObject({ httpOnly: true, sameSite: 'Strict' });

    const code = codeAt(t.app, secret);
    const signedIn = await codeStep(t.app, 'user', first.pending, { code });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json()).toMatchObject({ user: { email: 'signin@example.com' } });
    // "Remember me" chosen with the password holds for the session the code starts.
    expect(signedIn.cookies.find((c) => c.name === 'btcp_session')?.expires).toBeDefined();
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: sessionOf(signedIn, 'user') },
    });
    expect(session.json()).toMatchObject({ user: { email: 'signin@example.com' } });

    // The pending sign-in is spent, and the code too: a second password step cannot reuse it.
    expect((await codeStep(t.app, 'user', first.pending, { code })).statusCode).toBe(401);
    const second = await passwordStep(t.app, 'user', 'signin@example.com');
    const replay = await codeStep(t.app, 'user', second.pending, { code });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ error: { code: 'TWO_FACTOR_CODE_INVALID' } });
    clock.advance(STEP_MS);
    const next = await codeStep(t.app, 'user', second.pending, { code: codeAt(t.app, secret) });
    expect(next.statusCode, next.body).toBe(200);
  });

  it('takes a recovery code once, and mails the owner that one was used', async () => {
    const cookie = await signedUpUser(t.app, 'recovery@example.com');
    const { recoveryCodes: codes } = await enable(t.app, 'user', cookie);
    const recoveryCode = (codes[3] ?? '').toUpperCase();

    const first = await passwordStep(t.app, 'user', 'recovery@example.com');
    const used = await codeStep(t.app, 'user', first.pending, { recoveryCode });
    expect(used.statusCode, used.body).toBe(200);
    expect(await status(t.app, 'user', cookie)).toMatchObject({ recoveryCodesLeft: 9 });

    const second = await passwordStep(t.app, 'user', 'recovery@example.com');
    const again = await codeStep(t.app, 'user', second.pending, { recoveryCode });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: { fields: { recoveryCode: expect.any(String) } } });

    const mails = (await mailbox(t.app)).filter((m) => m.to === 'recovery@example.com');
    const texts = mails.map((m) => (m as unknown as { text: string }).text).join('\n');
    expect(texts).toContain('Two-factor authentication was turned on');
    expect(texts).toContain('A recovery code was used to sign in');
  });

  it('ends the pending sign-in after 5 wrong codes: the password is needed again', async () => {
    const cookie = await signedUpUser(t.app, 'guesser@example.com');
    const { secret } = await enable(t.app, 'user', cookie);
    clock.advance(STEP_MS);
    const { pending } = await passwordStep(t.app, 'user', 'guesser@example.com');
    const wrong = codeAt(t.app, secret, 20 * STEP_MS);
    for (let attempt = 1; attempt <= 4; attempt++) {
      const response = await codeStep(t.app, 'user', pending, { code: wrong });
      expect(response.statusCode).toBe(400);
    }
    const fifth = await codeStep(t.app, 'user', pending, { code: wrong });
    expect(fifth.statusCode).toBe(401);
    expect(fifth.json()).toMatchObject({
      error: { code: 'TWO_FACTOR_SIGN_IN_EXPIRED', message: expect.stringMatching(/Too many/) },
    });
    const right = await codeStep(t.app, 'user', pending, { code: codeAt(t.app, secret) });
    expect(right.statusCode).toBe(401);
    expect(right.cookies.find((c) => c.name === 'btcp_session')).toBeUndefined();
  });

  it('expires after 5 minutes, and refuses a step without a pending sign-in', async () => {
    const cookie = await signedUpUser(t.app, 'slow@example.com');
    const { secret } = await enable(t.app, 'user', cookie);
    const { pending } = await passwordStep(t.app, 'user', 'slow@example.com');
    clock.advance(5 * 60_000 + 1000);
    const late = await codeStep(t.app, 'user', pending, { code: codeAt(t.app, secret) });
    expect(late.statusCode).toBe(401);
    expect(late.json()).toMatchObject({ error: { code: 'TWO_FACTOR_SIGN_IN_EXPIRED' } });
    const none = await codeStep(t.app, 'user', undefined, { code: '123456' });
    expect(none.statusCode).toBe(401);
  });

  it('is still asked for after a password reset', async () => {
    const cookie = await signedUpUser(t.app, 'reset@example.com');
    const { secret } = await enable(t.app, 'user', cookie);
    // Someone with the old password got as far as the code when the owner reset it.
    const before = await passwordStep(t.app, 'user', 'reset@example.com');
    await postProven(t.app, '/api/auth/forgot-password', { email: 'reset@example.com' });
    const token = await latestToken(t.app, 'reset@example.com', 'reset-password');
    const newPassword = 'a brand new passphrase';
    const reset = await post(t.app, '/api/auth/reset-password', {
      token,
      password: newPassword,
      confirmPassword: newPassword,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    clock.advance(STEP_MS);
    const stale = await codeStep(t.app, 'user', before.pending, { code: codeAt(t.app, secret) });
    expect(stale.statusCode, stale.body).toBe(401);
    const answer = await post(t.app, '/api/auth/login', {
      email: 'reset@example.com',
      password: newPassword,
    });
    expect(answer.json()).toMatchObject({ user: null, twoFactorRequired: true });
    expect(answer.cookies.find((c) => c.name === 'btcp_session')).toBeUndefined();
    clock.advance(STEP_MS);
    const pending = answer.cookies.find((c) => c.name === 'btcp_pending_sign_in');
    const done = await codeStep(t.app, 'user', `btcp_pending_sign_in=${pending?.value}`, {
      code: codeAt(t.app, secret),
    });
    expect(done.statusCode, done.body).toBe(200);
  });
});

describe('recovery codes and turning two-factor off', () => {
  it('replaces the recovery codes: the old ones stop working', async () => {
    const cookie = await signedUpUser(t.app, 'regen@example.com');
    const { recoveryCodes: old } = await enable(t.app, 'user', cookie);
    const response = await post(t.app, '/api/account/two-factor/recovery-codes', undefined, cookie);
    expect(response.statusCode, response.body).toBe(200);
    const fresh = (response.json() as { recoveryCodes: string[] }).recoveryCodes;
    expect(fresh).toHaveLength(10);
    const { pending } = await passwordStep(t.app, 'user', 'regen@example.com');
    expect(
      (await codeStep(t.app, 'user', pending, { recoveryCode: old[0] ?? '' })).statusCode,
    ).toBe(400);
    const ok = await codeStep(t.app, 'user', pending, { recoveryCode: fresh[0] ?? '' });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('needs the password and a current code together, then signs in with the password alone', async () => {
    const cookie = await signedUpUser(t.app, 'off@example.com');
    const { secret } = await enable(t.app, 'user', cookie);
    clock.advance(STEP_MS);
    const code = codeAt(t.app, secret);
    const noPassword = await disable(t.app, 'user', cookie, { password: 'wrong one', code });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json()).toMatchObject({
      error: { fields: { password: expect.any(String) } },
    });
    const wrongCode = codeAt(t.app, secret, 20 * STEP_MS);
    expect(
      (await disable(t.app, 'user', cookie, { password: PASSWORD, code: wrongCode })).statusCode,
    ).toBe(400);
    expect((await disable(t.app, 'user', cookie, { password: PASSWORD })).statusCode).toBe(400);
    expect(await status(t.app, 'user', cookie)).toMatchObject({ enabled: true });

    const off = await disable(t.app, 'user', cookie, { password: PASSWORD, code });
    expect(off.statusCode, off.body).toBe(204);
    expect(await status(t.app, 'user', cookie)).toEqual({
      enabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
    });
    expect(await accountOf(cookie)).toMatchObject({ twoFactorEnabled: false });
    await login(t.app, 'off@example.com');

    const mails = (await mailbox(t.app)).filter((m) => m.to === 'off@example.com');
    expect(mails.map((m) => (m as unknown as { text: string }).text).join('\n')).toContain(
      'Two-factor authentication was turned off',
    );
    const audited = await t.database.db
      .select({ action: adminAuditLog.action, actorUserId: adminAuditLog.actorUserId })
      .from(adminAuditLog)
      .where(eq(adminAuditLog.targetType, 'user'));
    const mine = audited.filter((row) => row.actorUserId !== null).map((row) => row.action);
    expect(mine).toEqual(expect.arrayContaining(['two_factor.enable', 'two_factor.disable']));
  });
});
