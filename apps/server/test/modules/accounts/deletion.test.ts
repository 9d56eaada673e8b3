import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#server/db/schema.ts';
import {
  adminCookie,
  login,
  PASSWORD,
  post,
  postProven,
  register,
  mailbox as sentMail,
  signedUpUser,
} from '#server-test/accounts.ts';
import { createTestApp, manualClock, sameOrigin, type TestApp } from '#server-test/helper.ts';

/** Deleting the account (decision 029). */

let t: TestApp;
const clock = manualClock(new Date('2026-03-01T00:00:00Z'));

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

/** The dev outbox, with each message's text. */
const mailbox = async (app: TestApp['app']) =>
  (await sentMail(app)) as { to: string; subject: string; text: string; links: string[] }[];

const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;

const deleteAccount = (cookie: string, email: string) =>
  post(t.app, '/api/account/delete', { email }, cookie);
const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const signedIn = async (cookie: string) =>
  ((await get('/api/auth/session', cookie)).json() as { user: unknown }).user !== null;

/** Every wallet whose balance is not the sum of its ledger rows (there must be none). */
async function walletsOffTheirLedger() {
  return rowsOf<{ user_id: string }>(
    await t.database.db.execute(sql`
      SELECT w.user_id FROM wallets w
      LEFT JOIN (SELECT user_id, sum(amount) AS total FROM transactions GROUP BY user_id) s
        ON s.user_id = w.user_id
      WHERE w.balance <> coalesce(s.total, 0)`),
  );
}

async function adminUser(admin: string, search: string) {
  const page = (
    await get(`/api/admin/users?search=${encodeURIComponent(search)}`, admin)
  ).json() as {
    items: { id: string; email: string; username: string | null; deletedAt: string | null }[];
  };
  return page.items;
}

describe('POST /api/account/delete', () => {
  it('refuses an address that is not the account’s, and changes nothing', async () => {
    const cookie = await signedUpUser(t.app, 'keeper@example.com');
    const response = await deleteAccount(cookie, 'someone@example.com');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: { fields: { email: 'That is not your email address' } },
    });
    expect(await signedIn(cookie)).toBe(true);
  });

  it('needs the password entered in the last 10 minutes', async () => {
    const cookie = await signedUpUser(t.app, 'hesitant@example.com');
    clock.advance(10 * 60_000 + 1000);
    const refused = await deleteAccount(cookie, 'hesitant@example.com');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: { code: 'REAUTHENTICATION_REQUIRED' } });
    expect(await signedIn(cookie)).toBe(true);
  });

  it('anonymises the account, ends every session, frees the address and keeps the ledger exact', async () => {
    const admin = await adminCookie(t.app);
    const cookie = await signedUpUser(t.app, 'Leaver@Example.com');
    const elsewhere = await login(t.app, 'leaver@example.com');
    await t.app.inject({
      method: 'PATCH',
      url: '/api/account',
      headers: { ...sameOrigin, cookie },
      payload: { username: 'leaver_name' },
    });
    const created = await post(
      t.app,
      '/api/community/posts',
      { title: 'Written before leaving', content: 'Stays' },
      cookie,
    );
    const postId = (created.json() as { id: string }).id;
    await post(t.app, `/api/community/posts/${postId}/comments`, { content: 'Me too' }, cookie);
    // Mining for a minute when the account goes: the covered time is paid, as Stop pays it.
    const session = (await post(t.app, '/api/mining/start', undefined, cookie)).json() as {
      id: string;
    };
    clock.advance(20_000);
    expect(
      (await post(t.app, '/api/mining/ping', { sessionId: session.id }, cookie)).statusCode,
    ).toBe(204);
    clock.advance(20_000);

    const response = await deleteAccount(cookie, 'leaver@EXAMPLE.com');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.cookies.find((c) => c.name === 'btcp_session')?.value).toBe('');
    expect(await signedIn(cookie)).toBe(false);
    expect(await signedIn(elsewhere)).toBe(false);

    const [user] = await adminUser(admin, 'deleted:');
    expect(user?.deletedAt).toBeTruthy();
    expect(user?.username).toBeNull();
    expect(user?.email).toMatch(/^deleted:[0-9a-f-]{36}$/);
    expect(await adminUser(admin, 'leaver@example.com')).toEqual([]);

    const mining = rowsOf<{ n: number; credited: string }>(
      await t.database.db.execute(sql`
        SELECT (SELECT count(*)::int FROM mining_sessions WHERE user_id = ${user?.id}) AS n,
          (SELECT coalesce(sum(amount), 0)::text FROM transactions
            WHERE user_id = ${user?.id} AND transaction_type = 'MINING') AS credited`),
    );
    expect(mining[0]?.n).toBe(0);
    expect(Number(mining[0]?.credited)).toBeGreaterThan(0);
    expect(await walletsOffTheirLedger()).toEqual([]);

    // Decision 055: the posts stay, by "Deleted account": no author, not even the id.
    const page = (await get(`/api/community/posts/${postId}`)).json() as { author: unknown };
    expect(page.author).toBeNull();
    const comments = (await get(`/api/community/posts/${postId}/comments`)).body;
    expect(comments).toContain('Me too');
    expect(comments).not.toContain('leaver_name');

    const signIn = await post(t.app, '/api/auth/login', {
      email: 'leaver@example.com',
      password: PASSWORD,
      remember: false,
    });
    expect(signIn.statusCode).toBe(401);
    const notice = (await mailbox(t.app)).find(
      (m) => m.to === 'Leaver@Example.com' && m.text.includes('Your account was deleted'),
    );
    expect(notice).toBeTruthy();

    // The address registers again, as a new account.
    await register(t.app, 'leaver@example.com');
    const again = await signedUpUser(t.app, 'leaver2@example.com');
    expect(await signedIn(again)).toBe(true);
  });

  it('leaves nothing that signs in: the placeholder address, a reset link, the staff switches', async () => {
    const admin = await adminCookie(t.app);
    const cookie = await signedUpUser(t.app, 'gone@example.com');
    expect((await deleteAccount(cookie, 'gone@example.com')).statusCode).toBe(200);
    const [user] = await adminUser(admin, 'deleted:');
    const placeholder = user?.email ?? '';

    const asPlaceholder = await post(t.app, '/api/auth/login', {
      email: placeholder,
      password: PASSWORD,
      remember: false,
    });
    // Not an address at all, so no form takes it.
    expect(asPlaceholder.statusCode).toBe(400);
    await postProven(t.app, '/api/auth/forgot-password', { email: placeholder });
    expect((await mailbox(t.app)).some((m) => m.to === placeholder)).toBe(false);

    const ban = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${user?.id}`,
      headers: { ...sameOrigin, cookie: admin },
      payload: { isBanned: true },
    });
    expect(ban.statusCode).toBe(409);
    expect(ban.json()).toMatchObject({ error: { message: 'This account was deleted' } });
  });

  it('cannot be blocked by an account holding the address a placeholder might take', async () => {
    const cookie = await signedUpUser(t.app, 'target@example.com');
    const { id } = (await get('/api/account', cookie)).json() as { id: string };
    const oldPlaceholder = `deleted-${id}@deleted.invalid`;
    const squatter = await postProven(t.app, '/api/auth/register', {
      email: oldPlaceholder,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      acceptTerms: true,
    });
    expect(squatter.statusCode).toBe(400);
    // An address registered before reserved domains were refused blocks nothing either.
    await t.database.db
      .insert(users)
      .values({ email: oldPlaceholder, emailNormalized: oldPlaceholder, passwordHash: 'x' });

    const response = await deleteAccount(cookie, 'target@example.com');
    expect(response.statusCode, response.body).toBe(200);
    const admin = await adminCookie(t.app);
    const [user] = (await adminUser(admin, id)).filter((row) => row.id === id);
    expect(user?.email).toBe(`deleted:${id}`);
    expect(user?.deletedAt).toBeTruthy();
  });

  it('stops the deleted account’s referral code from working', async () => {
    const cookie = await signedUpUser(t.app, 'referrer@example.com');
    const { referralCode } = (await get('/api/account', cookie)).json() as { referralCode: string };
    expect((await deleteAccount(cookie, 'referrer@example.com')).statusCode).toBe(200);
    const response = await postProven(t.app, '/api/auth/register', {
      email: 'invited@example.com',
      password: PASSWORD,
      confirmPassword: PASSWORD,
      referralCode,
      acceptTerms: true,
    });
    expect(response.statusCode).toBe(400);
  });
});
