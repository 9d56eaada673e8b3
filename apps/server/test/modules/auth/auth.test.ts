import { authMessages } from '@btcp/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles, sessions, transactions, users, wallets } from '#server/db/schema.ts';
import {
  latestToken,
  login,
  mailbox,
  PASSWORD,
  post,
  postProven,
  register,
  signedUpUser,
  verify,
} from '#server-test/accounts.ts';
import { createTestApp, manualClock, type TestApp } from '#server-test/helper.ts';
import { setQualifyingMinutes } from '#server-test/referrals.ts';

const clock = manualClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const session = (cookie?: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/session', headers: cookie ? { cookie } : {} });

describe('registration', () => {
  it('creates an account, a wallet at 0 and a referral code, and mails a verification link', async () => {
    const response = await postProven(t.app, '/api/auth/register', {
      email: 'Ada@Example.com',
      password: PASSWORD,
      confirmPassword: PASSWORD,
      acceptTerms: true,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe(
      'Registration successful - Welcome to BTCP! Please check your email to verify your account.',
    );
    const [row] = await t.database.db
      .select({ hash: users.passwordHash, code: profiles.referralCode, balance: wallets.balance })
      .from(users)
      .innerJoin(profiles, eq(profiles.id, users.id))
      .innerJoin(wallets, eq(wallets.userId, users.id))
      .where(eq(users.email, 'Ada@Example.com'));
    expect(row?.hash).toMatch(/^\$argon2id\$/);
    expect(row?.code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect(row?.balance).toBe('0.00000000');
    const [mail] = await mailbox(t.app);
    expect(mail?.to).toBe('Ada@Example.com');
    expect(mail?.links[0]).toMatch(/^http:\/\/localhost\/verify-email\?token=[\w-]{43}$/);
  });

  it('names each invalid field', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { confirmPassword: 'something else' },
        'confirmPassword',
        authMessages.passwordsDontMatchDescription,
      ],
      [{ acceptTerms: false }, 'acceptTerms', authMessages.termsRequiredDescription],
      [{ password: 'short', confirmPassword: 'short' }, 'password', authMessages.passwordTooShort],
      [
        { password: 'password123', confirmPassword: 'password123' },
        'password',
        authMessages.passwordTooCommon,
      ],
      [{ email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
      [{ referralCode: 'ZZZZ2222' }, 'referralCode', authMessages.referralCodeUnknown],
      // Letters and digits that codes never use are named, rather than the length repeated.
      [{ referralCode: 'ABCDEFGO' }, 'referralCode', authMessages.referralCodeShape],
      [{ referralCode: 'ABCD1234' }, 'referralCode', authMessages.referralCodeShape],
      [{ referralCode: 'ABC' }, 'referralCode', authMessages.referralCodeShape],
    ];
    for (const [change, field, message] of cases) {
      const response = await postProven(t.app, '/api/auth/register', {
        email: 'fields@example.com',
        password: PASSWORD,
        confirmPassword: PASSWORD,
        acceptTerms: true,
        ...change,
      });
      expect(response.statusCode, field).toBe(400);
      expect(response.json().error.fields[field]).toBe(message);
    }
    const [count] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.email, 'fields@example.com'));
    expect(count?.n).toBe(0);
  });

  it('answers a known address exactly like a new one, and tells its owner by mail', async () => {
    await register(t.app, 'twice@example.com');
    const again = await postProven(t.app, '/api/auth/register', {
      email: 'TWICE@example.com',
      password: 'another good password',
      confirmPassword: 'another good password',
      acceptTerms: true,
    });
    expect(again.statusCode).toBe(201);
    const [newest] = await mailbox(t.app);
    expect(newest?.subject).toBe('You already have a BTCP account');
    const rows = await t.database.db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, 'twice@example.com'));
    expect(rows).toHaveLength(1);
  });
});

describe('verification and sign-in', () => {
  it('refuses an unverified sign-in, then signs in after verification', async () => {
    await register(t.app, 'unverified@example.com');
    const early = await post(t.app, '/api/auth/login', {
      email: 'unverified@example.com',
      password: PASSWORD,
    });
    expect(early.statusCode).toBe(403);
    expect(early.json().error.code).toBe('EMAIL_NOT_VERIFIED');
    const resend = await postProven(t.app, '/api/auth/resend-verification', {
      email: 'unverified@example.com',
    });
    expect(resend.statusCode).toBe(202);
    await verify(t.app, 'unverified@example.com');
    const cookie = await login(t.app, 'unverified@example.com');
    expect((await session(cookie)).json().user.email).toBe('unverified@example.com');
  });

  it('uses a verification link once, and not after 24 hours', async () => {
    await register(t.app, 'once@example.com');
    const token = await latestToken(t.app, 'once@example.com', 'verify-email');
    expect((await post(t.app, '/api/auth/verify-email', { token })).statusCode).toBe(200);
    const reused = await post(t.app, '/api/auth/verify-email', { token });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error).toMatchObject({
      code: 'INVALID_TOKEN',
      message: 'Invalid or expired link. Please request a new verification email.',
    });

    await register(t.app, 'late@example.com');
    const late = await latestToken(t.app, 'late@example.com', 'verify-email');
    clock.advance(24 * 3_600_000 + 1000);
    expect((await post(t.app, '/api/auth/verify-email', { token: late })).statusCode).toBe(400);
  });

  it('gives the same answer to a wrong password and an unknown address', async () => {
    await signedUpUser(t.app, 'known@example.com');
    const wrong = await post(t.app, '/api/auth/login', {
      email: 'known@example.com',
      password: 'wrong password!',
    });
    const unknown = await post(t.app, '/api/auth/login', {
      email: 'nobody@example.com',
      password: 'wrong password!',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().error.message).toBe('Invalid login credentials');
  });

  it('sets an HttpOnly SameSite=Lax cookie: browser-session by default, 30 days when remembered', async () => {
    await signedUpUser(t.app, 'cookie@example.com');
    const plain = await post(t.app, '/api/auth/login', {
      email: 'cookie@example.com',
      password: PASSWORD,
    });
    const plainCookie = plain.cookies.find((c) => c.name === 'btcp_session');
    expect(plainCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(plainCookie?.expires).toBeUndefined();
    const remembered = await post(t.app, '/api/auth/login', {
      email: 'cookie@example.com',
      password: PASSWORD,
      remember: true,
    });
    const expires = remembered.cookies.find((c) => c.name === 'btcp_session')?.expires;
    const days = ((expires?.getTime() ?? 0) - clock.now().getTime()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(plainCookie?.value).not.toBe(
      remembered.cookies.find((c) => c.name === 'btcp_session')?.value,
    );
  });

  it('ends a browser session on the server after 24 hours', async () => {
    const cookie = await login(t.app, 'cookie@example.com');
    clock.advance(24 * 3_600_000 + 1000);
    expect((await session(cookie)).json().user).toBeNull();
  });

  it('logs out by deleting the session row', async () => {
    const cookie = await login(t.app, 'known@example.com');
    const before = await t.database.db.select().from(sessions);
    const response = await post(t.app, '/api/auth/logout', undefined, cookie);
    expect(response.statusCode).toBe(204);
    expect(await t.database.db.select().from(sessions)).toHaveLength(before.length - 1);
    expect((await session(cookie)).json().user).toBeNull();
  });
});

describe('password reset', () => {
  it('answers the same for unknown addresses and sends no mail', async () => {
    const before = (await mailbox(t.app)).length;
    const response = await postProven(t.app, '/api/auth/forgot-password', {
      email: 'ghost@example.com',
    });
    const known = await postProven(t.app, '/api/auth/forgot-password', {
      email: 'known@example.com',
    });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual(known.json());
    expect((await mailbox(t.app)).length).toBe(before + 1);
  });

  it('resets once, ends every session, and the new password works', async () => {
    const cookie = await login(t.app, 'known@example.com');
    await postProven(t.app, '/api/auth/forgot-password', { email: 'known@example.com' });
    const token = await latestToken(t.app, 'known@example.com', 'reset-password');
    expect((await post(t.app, '/api/auth/reset-password/check', { token })).json()).toEqual({
      valid: true,
    });
    const body = { token, password: 'brand new secret', confirmPassword: 'brand new secret' };
    expect((await post(t.app, '/api/auth/reset-password', body)).statusCode).toBe(200);
    expect((await session(cookie)).json().user).toBeNull();
    const reused = await post(t.app, '/api/auth/reset-password', body);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.message).toBe(
      'Invalid or expired link. Please request a new password reset link.',
    );
    expect((await post(t.app, '/api/auth/reset-password/check', { token })).statusCode).toBe(400);
    expect(
      (await post(t.app, '/api/auth/login', { email: 'known@example.com', password: PASSWORD }))
        .statusCode,
    ).toBe(401);
    await login(t.app, 'known@example.com', 'brand new secret');
  });

  it('expires a reset link after an hour', async () => {
    await postProven(t.app, '/api/auth/forgot-password', { email: 'known@example.com' });
    const token = await latestToken(t.app, 'known@example.com', 'reset-password');
    clock.advance(3_600_000 + 1000);
    const response = await post(t.app, '/api/auth/reset-password/check', { token });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(
      'Invalid or expired link. Please request a new password reset link.',
    );
  });
});

describe('referrals paid at verification (D12, qualifying time 0)', () => {
  beforeAll(() => setQualifyingMinutes(t.app, 0));
  async function referralCodeOf(email: string) {
    const [row] = await t.database.db
      .select({ code: profiles.referralCode, id: users.id })
      .from(users)
      .innerJoin(profiles, eq(profiles.id, users.id))
      .where(eq(users.email, email));
    return { code: row?.code ?? '', id: row?.id ?? '' };
  }

  it('credits 40 BTCP exactly once when the referred user verifies, even twice at once', async () => {
    await signedUpUser(t.app, 'referrer@example.com');
    const referrer = await referralCodeOf('referrer@example.com');
    await register(t.app, 'friend@example.com', referrer.code.toLowerCase());
    await postProven(t.app, '/api/auth/resend-verification', { email: 'friend@example.com' });
    const links = (await mailbox(t.app))
      .filter((m) => m.to === 'friend@example.com')
      .map((m) => new URL(m.links[0] ?? '').searchParams.get('token'));
    expect(links).toHaveLength(2);
    const results = await Promise.all(
      [...links, ...links].map((token) => post(t.app, '/api/auth/verify-email', { token })),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(2);
    const credits = await t.database.db
      .select()
      .from(transactions)
      .where(eq(transactions.userId, referrer.id));
    expect(credits).toHaveLength(1);
    expect(credits[0]).toMatchObject({ amount: '40.00000000', transactionType: 'REFERRAL' });
    const [wallet] = await t.database.db
      .select()
      .from(wallets)
      .where(eq(wallets.userId, referrer.id));
    expect(wallet?.balance).toBe('40.00000000');
  });

  it('pays a banned referrer nothing (D9)', async () => {
    await signedUpUser(t.app, 'banned-referrer@example.com');
    const referrer = await referralCodeOf('banned-referrer@example.com');
    await t.database.db
      .update(profiles)
      .set({ isBanned: true })
      .where(eq(profiles.id, referrer.id));
    await signedUpUser(t.app, 'friend2@example.com', referrer.code);
    const credits = await t.database.db
      .select()
      .from(transactions)
      .where(eq(transactions.userId, referrer.id));
    expect(credits).toHaveLength(0);
  });
});

describe('rate limits (D5)', () => {
  it('answers 429 with Retry-After once an account passes its limit', async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_AUTH_PER_ACCOUNT: '3' } });
    try {
      const attempt = () =>
        post(limited.app, '/api/auth/login', {
          email: 'target@example.com',
          password: 'guess guess',
        });
      for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
      const blocked = await attempt();
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect(blocked.json().error.code).toBe('RATE_LIMITED');
      const other = await post(limited.app, '/api/auth/login', {
        email: 'other@example.com',
        password: 'guess guess',
      });
      expect(other.statusCode).toBe(401);
    } finally {
      await limited.close();
    }
  });
});
