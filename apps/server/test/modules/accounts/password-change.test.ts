import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, mailbox, PASSWORD, post, signedUpUser } from '#server-test/accounts.ts';
import { createTestApp, manualClock, type TestApp } from '#server-test/helper.ts';

/** Changing the password: the current one counts as entering it again (decision 029). */

let t: TestApp;
const clock = manualClock();

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const exportOf = (cookie: string) =>
  t.app.inject({ method: 'GET', url: '/api/account/export', headers: { cookie } });

const NEW_PASSWORD = 'a brand new passphrase';

describe('POST /api/account/password', () => {
  it('counts as re-authentication, tells the owner, and signs the other sessions out', async () => {
    const cookie = await signedUpUser(t.app, 'changer@example.com');
    const elsewhere = await login(t.app, 'changer@example.com');
    clock.advance(10 * 60_000 + 1000);
    expect((await exportOf(cookie)).statusCode).toBe(403);

    const changed = await post(
      t.app,
      '/api/account/password',
      { currentPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      cookie,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await exportOf(cookie)).statusCode).toBe(200);
    expect((await exportOf(elsewhere)).statusCode).toBe(401);

    const notices = (await mailbox(t.app)).filter(
      (m) => m.to === 'changer@example.com' && m.subject.startsWith('Security notice'),
    );
    expect(notices).toHaveLength(1);
  });

  it('with a wrong current password, unlocks nothing and tells nobody', async () => {
    const cookie = await signedUpUser(t.app, 'guesser@example.com');
    clock.advance(10 * 60_000 + 1000);
    const refused = await post(
      t.app,
      '/api/account/password',
      { currentPassword: 'not the one', newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      cookie,
    );
    expect(refused.statusCode).toBe(400);
    expect((await exportOf(cookie)).statusCode).toBe(403);
    const notices = (await mailbox(t.app)).filter(
      (m) => m.to === 'guesser@example.com' && m.subject.startsWith('Security notice'),
    );
    expect(notices).toEqual([]);
  });
});
