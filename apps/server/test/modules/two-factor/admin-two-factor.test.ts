import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog } from '#server/db/schema.ts';
import { resetTwoFactorByEmail } from '#server/modules/two-factor/factors.ts';
import {
  adminCookie,
  mailbox,
  PASSWORD,
  post,
  signedUpUser,
  userIdOf,
} from '#server-test/accounts.ts';
import { createTestApp, manualClock, sameOrigin, type TestApp } from '#server-test/helper.ts';
import {
  codeAt,
  codeStep,
  confirm,
  enable,
  passwordStep,
  sessionOf,
  startEnrolment,
} from './steps.ts';

/** Two-factor for admins, and the setting that requires it of every admin (decision 027). */

let t: TestApp;
const clock = manualClock();
const STEP_MS = 30_000;
let root: string;

const get = (url: string, cookie: string) =>
  t.app.inject({ method: 'GET', url, headers: { cookie } });
const setPolicy = (cookie: string, requiredForAdmins: boolean) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/admin/settings/two-factor',
    headers: { ...sameOrigin, cookie },
    payload: { requiredForAdmins },
  });

beforeAll(async () => {
  t = await createTestApp({ clock });
  root = await adminCookie(t.app, 'root@example.com');
  for (const email of ['second@example.com', 'third@example.com']) {
    const created = await post(
      t.app,
      '/api/admin-auth/create',
      { email, password: PASSWORD, confirmPassword: PASSWORD },
      root,
    );
    expect(created.statusCode, created.body).toBe(201);
  }
});
afterAll(async () => {
  await t.close();
});

describe('an admin with two-factor', () => {
  it('signs in with the password and then a code; the change is audited and mailed', async () => {
    const { secret } = await enable(t.app, 'admin', root);
    clock.advance(STEP_MS);
    const step = await passwordStep(t.app, 'admin', 'root@example.com');
    expect(step.session).toBeUndefined();
    expect(step.response.json()).toEqual({ admin: null, twoFactorRequired: true });
    const done = await codeStep(t.app, 'admin', step.pending, { code: codeAt(t.app, secret) });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ admin: { email: 'root@example.com' } });
    root = sessionOf(done, 'admin');
    expect((await get('/api/admin/stats', root)).statusCode).toBe(200);

    const audited = await t.database.db
      .select({ action: adminAuditLog.action })
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, 'two_factor.enable'));
    expect(audited).toHaveLength(1);
    const mails = (await mailbox(t.app)).filter((m) => m.to === 'root@example.com');
    expect(mails.map((m) => (m as unknown as { text: string }).text).join('\n')).toContain(
      'Two-factor authentication was turned on',
    );
  });

  it('lets exactly one of two racing sign-ins use the same recovery code', async () => {
    const cookie = await signedUpUser(t.app, 'racer@example.com');
    const { recoveryCodes } = await enable(t.app, 'user', cookie);
    const [a, b] = await Promise.all([
      passwordStep(t.app, 'user', 'racer@example.com'),
      passwordStep(t.app, 'user', 'racer@example.com'),
    ]);
    const recoveryCode = recoveryCodes[0] ?? '';
    const answers = await Promise.all([
      codeStep(t.app, 'user', a?.pending, { recoveryCode }),
      codeStep(t.app, 'user', b?.pending, { recoveryCode }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });
});

describe('requiring two-factor of every admin', () => {
  it('is refused to an admin without two-factor of their own', async () => {
    const second = await adminCookie(t.app, 'second@example.com');
    const refused = await setPolicy(second, true);
    expect(refused.statusCode).toBe(409);
    expect((await get('/api/admin/settings/two-factor', second)).json()).toEqual({
      requiredForAdmins: false,
    });
  });

  it('sends an admin without it to enrol: every other admin route is refused until then', async () => {
    const on = await setPolicy(root, true);
    expect(on.statusCode, on.body).toBe(200);
    const audited = await t.database.db
      .select({ details: adminAuditLog.details })
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, 'settings.two_factor.update'));
    expect(audited).toEqual([
      { details: { before: { requiredForAdmins: false }, after: { requiredForAdmins: true } } },
    ]);

    const signIn = await passwordStep(t.app, 'admin', 'third@example.com');
    expect(signIn.response.json()).toMatchObject({ twoFactorEnrolmentRequired: true });
    const third = `btcp_admin_session=${signIn.session?.value}`;
    for (const url of ['/api/admin/stats', '/api/admin/users', '/api/admin/blog/posts']) {
      const refused = await get(url, third);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json()).toMatchObject({ error: { code: 'TWO_FACTOR_ENROLMENT_REQUIRED' } });
    }
    const created = await post(
      t.app,
      '/api/admin-auth/create',
      { email: 'fourth@example.com', password: PASSWORD, confirmPassword: PASSWORD },
      third,
    );
    expect(created.statusCode).toBe(403);
    expect((await get('/api/admin-auth/me', third)).json()).toMatchObject({
      role: 'admin',
      twoFactorEnrolmentRequired: true,
    });
    expect((await get('/api/auth/session', third)).json()).toMatchObject({
      admin: { email: 'third@example.com' },
    });

    const { secret } = await startEnrolment(t.app, 'admin', third);
    const confirmed = await confirm(t.app, 'admin', third, codeAt(t.app, secret));
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await get('/api/admin/stats', third)).statusCode).toBe(200);
    expect((await get('/api/admin-auth/me', third)).json()).not.toHaveProperty(
      'twoFactorEnrolmentRequired',
    );
  });

  it('leaves moderators alone: they use the member factor, if any', async () => {
    const moderator = await signedUpUser(t.app, 'moderator@example.com');
    const id = await userIdOf(t.database.db, 'moderator@example.com');
    const flagged = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${id}`,
      headers: { ...sameOrigin, cookie: root },
      payload: { isModerator: true, reason: 'Helps with the forum' },
    });
    expect(flagged.statusCode, flagged.body).toBe(200);
    expect((await get('/api/admin/community/posts', moderator)).statusCode).toBe(200);
    expect((await get('/api/admin-auth/me', moderator)).json()).toEqual({
      role: 'moderator',
      id,
      email: 'moderator@example.com',
    });
  });
});

describe('an operator resetting two-factor (npm run reset-two-factor)', () => {
  it('turns it off without a code for someone who lost everything; audited and mailed', async () => {
    const created = await post(
      t.app,
      '/api/admin-auth/create',
      { email: 'fourth@example.com', password: PASSWORD, confirmPassword: PASSWORD },
      root,
    );
    expect(created.statusCode, created.body).toBe(201);
    const cookie = await adminCookie(t.app, 'fourth@example.com', PASSWORD);
    await enable(t.app, 'admin', cookie);
    clock.advance(STEP_MS);
    const waiting = await passwordStep(t.app, 'admin', 'fourth@example.com');
    expect(waiting.pending).toBeDefined();

    const notices = async () =>
      (await mailbox(t.app)).filter(
        (m) => m.to === 'fourth@example.com' && m.subject.startsWith('Security notice'),
      ).length;
    const before = await notices();
    expect(await resetTwoFactorByEmail(t.app.db, 'admin', 'FOURTH@example.com', clock.now())).toBe(
      true,
    );
    // The sign-in that was waiting for a code is gone; the password alone signs in again.
    const stale = await codeStep(t.app, 'admin', waiting.pending, { code: '000000' });
    expect(stale.statusCode).toBe(401);
    const again = await passwordStep(t.app, 'admin', 'fourth@example.com');
    expect(again.pending).toBeUndefined();
    expect(again.session).toBeDefined();
    const [entry] = await t.app.db
      .select({ action: adminAuditLog.action })
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, 'two_factor.reset'));
    expect(entry).toBeDefined();
    t.app.mailDrainer.kick();
    expect(await notices()).toBe(before + 1);
    // Nothing to turn off, and no such account: both say so.
    expect(await resetTwoFactorByEmail(t.app.db, 'admin', 'fourth@example.com', clock.now())).toBe(
      false,
    );
    expect(await resetTwoFactorByEmail(t.app.db, 'user', 'nobody@example.com', clock.now())).toBe(
      false,
    );
  });
});
