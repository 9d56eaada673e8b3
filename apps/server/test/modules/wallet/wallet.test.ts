import { MAX_BALANCE } from '@btcp/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, profiles, transactions, wallets } from '#server/db/schema.ts';
import {
  adminCookie,
  login,
  register,
  signedUpUser,
  userIdOf,
  verify,
} from '#server-test/accounts.ts';
import { createTestApp, sameOrigin, type TestApp } from '#server-test/helper.ts';
import { setQualifyingMinutes } from '#server-test/referrals.ts';

let t: TestApp;
let admin: string;
let userId: string;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  // These referrals pay at verification; decision 033's qualifying time has tests of its own.
  await setQualifyingMinutes(t.app, 0);
  cookie = await signedUpUser(t.app, 'wallet-owner@example.com');
  admin = await adminCookie(t.app);
  userId = await userIdOf(t.database.db, 'wallet-owner@example.com');
  await t.database.db.update(profiles).set({ username: 'Owner_1' }).where(eq(profiles.id, userId));
});
afterAll(() => t.close());

const adjust = (payload: Record<string, unknown>, as = admin) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/wallets/${userId}/adjust`,
    headers: { ...sameOrigin, cookie: as },
    payload,
  });
const get = (url: string, as: string) =>
  t.app.inject({ method: 'GET', url, headers: { cookie: as } });

describe('admin wallet adjustments', () => {
  it('sets, adds and subtracts, computing the balance on the server, with signed history', async () => {
    expect((await adjust({ mode: 'set', amount: '10' })).json()).toMatchObject({
      balance: '10.00000000',
      delta: '10.00000000',
    });
    expect((await adjust({ mode: 'add', amount: '0.00000001' })).json().balance).toBe(
      '10.00000001',
    );
    expect((await adjust({ mode: 'subtract', amount: '5.00000001' })).json()).toMatchObject({
      balance: '5.00000000',
      delta: '-5.00000001',
    });
    expect((await adjust({ mode: 'set', amount: '5' })).json()).toMatchObject({ applied: false });
    const history = (await get('/api/wallet/transactions?pageSize=2', cookie)).json();
    expect(history.total).toBe(3);
    expect(history.items.map((item: { amount: string }) => item.amount)).toEqual([
      '-5.00000001',
      '0.00000001',
    ]);
    expect((await get('/api/wallet', cookie)).json()).toEqual({ balance: '5.00000000' });
    const audits = await t.database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.targetType, 'wallet'));
    expect(audits.map((a) => a.action).sort()).toEqual([
      'wallet.add',
      'wallet.set',
      'wallet.subtract',
    ]);
  });

  it('refuses bad amounts with the product messages, and leaves the balance alone', async () => {
    const over = await adjust({ mode: 'subtract', amount: '5.00000001' });
    expect(over.statusCode).toBe(400);
    expect(over.json().error).toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
      message: 'Cannot subtract more than current balance',
    });
    expect((await adjust({ mode: 'add', amount: '0' })).json().error.message).toBe(
      'Invalid amount',
    );
    for (const amount of ['-1', 'abc', '1.123456789', '']) {
      expect((await adjust({ mode: 'set', amount })).statusCode, amount).toBe(400);
    }
    expect((await get('/api/wallet', cookie)).json()).toEqual({ balance: '5.00000000' });
    expect((await adjust({ mode: 'add', amount: '1' }, cookie)).statusCode).toBe(403);
  });

  it('lists wallets, searched by email or username', async () => {
    const list = (await get('/api/admin/wallets?search=owner_', admin)).json();
    expect(list.items).toEqual([
      {
        userId,
        email: 'wallet-owner@example.com',
        username: 'Owner_1',
        memberTag: expect.stringMatching(/^[0-9a-f]{6}$/),
        balance: '5.00000000',
      },
    ]);
    expect((await get('/api/admin/wallets?search=nobody', admin)).json().total).toBe(0);
    // LIKE wildcards typed into the search box are taken literally.
    expect((await get('/api/admin/wallets?search=Owner%25', admin)).json().total).toBe(0);
    expect((await get('/api/admin/wallets?search=wallet_owner', admin)).json().total).toBe(0);
    expect((await get('/api/admin/wallets?search=r_1', admin)).json().total).toBe(1);
  });
});

describe('referral stats and mining settings', () => {
  it('counts verified and pending referrals apart, and their earnings', async () => {
    const { referralCode } = (await get('/api/referrals/stats', cookie)).json();
    await register(t.app, 'invited@example.com', referralCode);
    expect((await get('/api/referrals/stats', cookie)).json()).toEqual({
      referralCode,
      referrals: 0,
      pendingReferrals: 1,
      pendingUnverified: 1,
      pendingMinedMinutes: [],
      qualifyingMinutes: 0,
      earnings: '0.00000000',
    });
    await verify(t.app, 'invited@example.com');
    expect((await get('/api/referrals/stats', cookie)).json()).toEqual({
      referralCode,
      referrals: 1,
      pendingReferrals: 0,
      pendingUnverified: 0,
      pendingMinedMinutes: [],
      qualifyingMinutes: 0,
      earnings: '40.00000000',
    });
  });

  it('changes the active phase, rates, interval and bonus, validated and audited', async () => {
    const current = (await get('/api/admin/settings/mining', admin)).json();
    expect(current).toEqual({
      activePhase: 'early',
      earlyRate: '100',
      transitionRate: '1',
      rewardIntervalSeconds: 60,
      referralBonus: '40',
      referralQualifyingMinutes: 0,
    });
    const put = (body: Record<string, unknown>) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/admin/settings/mining',
        headers: { ...sameOrigin, cookie: admin },
        payload: body,
      });
    const next = {
      ...current,
      activePhase: 'transition',
      rewardIntervalSeconds: 30,
      referralBonus: '12.5',
    };
    expect((await put(next)).json()).toEqual(next);
    expect((await put({ ...next, rewardIntervalSeconds: 0 })).statusCode).toBe(400);
    expect((await put({ ...next, earlyRate: '-3' })).statusCode).toBe(400);
    const status = (await get('/api/mining/status', cookie)).json();
    expect(status).toMatchObject({
      hourlyRate: '1',
      phaseName: 'Transition Phase',
      rewardIntervalSeconds: 30,
    });
    const audits = await t.database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, 'settings.mining.update'));
    expect(audits).toHaveLength(1);
  });
});

const putSettings = (body: Record<string, unknown>) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/admin/settings/mining',
    headers: { ...sameOrigin, cookie: admin },
    payload: body,
  });

async function settingsAudits() {
  return t.database.db
    .select()
    .from(adminAuditLog)
    .where(eq(adminAuditLog.action, 'settings.mining.update'));
}

describe('mining settings that cannot break the product', () => {
  it('refuses rates that are not positive, and amounts past the bounds, with field messages, writing nothing', async () => {
    const before = (await get('/api/admin/settings/mining', admin)).json();
    const auditsBefore = (await settingsAudits()).length;
    const refused: [string, unknown, string][] = [
      ['earlyRate', '0', 'Must be greater than 0'],
      ['earlyRate', '0.00000000', 'Must be greater than 0'],
      ['transitionRate', '0', 'Must be greater than 0'],
      ['earlyRate', '1000000.00000001', 'Must be at most 1,000,000'],
      ['transitionRate', '999999999999', 'Must be at most 1,000,000'],
      ['referralBonus', '1000000.00000001', 'Must be at most 1,000,000'],
      ['rewardIntervalSeconds', 3601, 'Enter a whole number of seconds from 1 to 3600'],
      ['rewardIntervalSeconds', 0, 'Enter a whole number of seconds from 1 to 3600'],
      ['referralQualifyingMinutes', -1, 'Enter a whole number of minutes from 0 to 10080'],
      ['referralQualifyingMinutes', 10_081, 'Enter a whole number of minutes from 0 to 10080'],
      ['referralQualifyingMinutes', 1.5, 'Enter a whole number of minutes from 0 to 10080'],
    ];
    for (const [field, value, message] of refused) {
      const response = await putSettings({ ...before, [field]: value });
      expect(response.statusCode, `${field}=${value}`).toBe(400);
      expect(response.json().error.fields[field], `${field}=${value}`).toBe(message);
    }
    expect((await get('/api/admin/settings/mining', admin)).json()).toEqual(before);
    expect(await settingsAudits()).toHaveLength(auditsBefore);
    // The bounds themselves are accepted.
    const atBounds = { ...before, earlyRate: '1000000', transitionRate: '0.00000001' };
    expect((await putSettings(atBounds)).json()).toEqual(atBounds);
    expect((await putSettings(before)).statusCode).toBe(200);
  });

  it('pays nothing for a referral while the bonus is 0, and the invited user still verifies and signs in', async () => {
    const before = (await get('/api/admin/settings/mining', admin)).json();
    expect((await putSettings({ ...before, referralBonus: '0' })).statusCode).toBe(200);
    const { referralCode, referrals, pendingReferrals, earnings } = (
      await get('/api/referrals/stats', cookie)
    ).json();
    const invited = await signedUpUser(t.app, 'free-invite@example.com', referralCode);
    expect((await get('/api/wallet', invited)).statusCode).toBe(200);
    expect((await get('/api/referrals/stats', cookie)).json()).toMatchObject({
      referralCode,
      referrals: referrals + 1,
      pendingReferrals,
      earnings,
    });
    const referralRows = await t.database.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.userId, userId), eq(transactions.transactionType, 'REFERRAL')));
    expect(referralRows).toHaveLength(1);
    expect((await putSettings(before)).statusCode).toBe(200);
  });
});

async function newWallet(email: string) {
  const owner = await signedUpUser(t.app, email);
  const userId = await userIdOf(t.database.db, email);
  return { id: userId, cookie: owner };
}

const adjustWallet = (
  walletOf: string,
  payload: Record<string, unknown>,
  options: { key?: string; as?: string } = {},
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/wallets/${walletOf}/adjust`,
    headers: {
      ...sameOrigin,
      cookie: options.as ?? admin,
      ...(options.key ? { 'idempotency-key': options.key } : {}),
    },
    payload,
  });

async function ledgerOf(id: string) {
  const [row] = await t.database.db
    .select({
      balance: wallets.balance,
      sum: sql<string>`(SELECT coalesce(sum(amount), 0)::numeric(20,8)::text FROM transactions WHERE user_id = ${id})`,
      rows: sql<number>`(SELECT count(*)::int FROM transactions WHERE user_id = ${id})`,
    })
    .from(wallets)
    .where(eq(wallets.userId, id));
  return row;
}

describe('the balance ceiling (numeric(20,8))', () => {
  it('refuses an add past the limit with a 400 naming it, and reaches the limit exactly', async () => {
    const rich = await newWallet('rich@example.com');
    expect(
      (await adjustWallet(rich.id, { mode: 'set', amount: '999999999998.99999999' })).statusCode,
    ).toBe(200);
    for (const amount of ['1.00000001', '999999999999.99999999']) {
      const over = await adjustWallet(rich.id, { mode: 'add', amount });
      expect(over.statusCode, amount).toBe(400);
      expect(over.json().error).toMatchObject({
        code: 'BALANCE_LIMIT',
        message: 'A balance cannot exceed 999,999,999,999.99999999 BTCP',
        fields: { amount: 'A balance cannot exceed 999,999,999,999.99999999 BTCP' },
      });
    }
    expect(await ledgerOf(rich.id)).toEqual({
      balance: '999999999998.99999999',
      sum: '999999999998.99999999',
      rows: 1,
    });
    const full = await adjustWallet(rich.id, { mode: 'add', amount: '1' });
    expect(full.json()).toMatchObject({ balance: MAX_BALANCE, applied: true });
    expect((await adjustWallet(rich.id, { mode: 'add', amount: '0.00000001' })).statusCode).toBe(
      400,
    );
    expect((await adjustWallet(rich.id, { mode: 'set', amount: MAX_BALANCE })).json()).toEqual({
      balance: MAX_BALANCE,
      delta: '0.00000000',
      applied: false,
    });
  });

  it('lets a friend of a full wallet verify and sign in; the bonus that does not fit is not paid', async () => {
    const richId = await userIdOf(t.database.db, 'rich@example.com');
    const richCookie = await login(t.app, 'rich@example.com');
    const { referralCode } = (await get('/api/referrals/stats', richCookie)).json();
    await signedUpUser(t.app, 'friend-of-rich@example.com', referralCode);
    expect((await get('/api/referrals/stats', richCookie)).json()).toMatchObject({
      referrals: 1,
      earnings: '0.00000000',
    });
    expect(await ledgerOf(richId)).toEqual({
      balance: MAX_BALANCE,
      sum: MAX_BALANCE,
      rows: 2,
    });
  });
});

describe('Idempotency-Key on wallet adjustments', () => {
  it('answers 422 when a key is reused with a different amount, mode or reason, and applies nothing', async () => {
    const w = await newWallet('idem-body@example.com');
    const key = 'body-key-0001';
    const first = await adjustWallet(w.id, { mode: 'add', amount: '10', reason: 'gift' }, { key });
    expect(first.json()).toEqual({ balance: '10.00000000', delta: '10.00000000', applied: true });
    for (const payload of [
      { mode: 'add', amount: '11', reason: 'gift' },
      { mode: 'subtract', amount: '10', reason: 'gift' },
      { mode: 'add', amount: '10', reason: 'another reason' },
      { mode: 'add', amount: '10' },
    ]) {
      const reused = await adjustWallet(w.id, payload, { key });
      expect(reused.statusCode, JSON.stringify(payload)).toBe(422);
      expect(reused.json().error).toMatchObject({
        code: 'IDEMPOTENCY_KEY_REUSED',
        message:
          'This Idempotency-Key was already used for a different request: send a new key for a new change',
      });
    }
    // The same request, however its amount is written, is a replay.
    expect(
      (await adjustWallet(w.id, { mode: 'add', amount: '10.0', reason: 'gift' }, { key })).json(),
    ).toEqual({ balance: '10.00000000', delta: '10.00000000', applied: false });
    expect(await ledgerOf(w.id)).toEqual({ balance: '10.00000000', sum: '10.00000000', rows: 1 });
  });

  it('answers 422 when a key is reused for another wallet, leaving that wallet alone', async () => {
    const first = await newWallet('idem-first@example.com');
    const second = await newWallet('idem-second@example.com');
    const key = 'wallet-key-0001';
    expect(
      (await adjustWallet(first.id, { mode: 'add', amount: '7' }, { key })).json().applied,
    ).toBe(true);
    const other = await adjustWallet(second.id, { mode: 'add', amount: '7' }, { key });
    expect(other.statusCode).toBe(422);
    expect(other.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await ledgerOf(second.id)).toEqual({
      balance: '0.00000000',
      sum: '0.00000000',
      rows: 0,
    });
  });

  it('records a no-op "set" under its key, so the key cannot later apply a different change', async () => {
    const w = await newWallet('idem-noop@example.com');
    const key = 'noop-key-0001';
    const noop = await adjustWallet(w.id, { mode: 'set', amount: '0' }, { key });
    expect(noop.json()).toEqual({ balance: '0.00000000', delta: '0.00000000', applied: false });
    const later = await adjustWallet(w.id, { mode: 'add', amount: '25' }, { key });
    expect(later.statusCode).toBe(422);
    expect(await ledgerOf(w.id)).toEqual({ balance: '0.00000000', sum: '0.00000000', rows: 0 });
    expect((await adjustWallet(w.id, { mode: 'set', amount: '0' }, { key })).json()).toEqual({
      balance: '0.00000000',
      delta: '0.00000000',
      applied: false,
    });
  });

  it('replays the first result, not today’s balance, and keeps keys apart per admin', async () => {
    const w = await newWallet('idem-replay@example.com');
    const key = 'replay-key-0001';
    await adjustWallet(w.id, { mode: 'add', amount: '3' }, { key });
    await adjustWallet(w.id, { mode: 'add', amount: '1' });
    expect((await adjustWallet(w.id, { mode: 'add', amount: '3' }, { key })).json()).toEqual({
      balance: '3.00000000',
      delta: '3.00000000',
      applied: false,
    });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin-auth/create',
      headers: { ...sameOrigin, cookie: admin },
      payload: {
        email: 'other-admin@example.com',
        password: 'correct horse battery',
        confirmPassword: 'correct horse battery',
      },
    });
    expect(created.statusCode).toBe(201);
    const otherAdmin = await adminCookie(t.app, 'other-admin@example.com');
    const theirs = await adjustWallet(w.id, { mode: 'add', amount: '5' }, { key, as: otherAdmin });
    expect(theirs.json()).toEqual({ balance: '9.00000000', delta: '5.00000000', applied: true });
  });

  it('applies one of two concurrent requests with the same key for different wallets, and refuses the other', async () => {
    const a = await newWallet('idem-race-a@example.com');
    const b = await newWallet('idem-race-b@example.com');
    const key = 'race-key-0001';
    const results = await Promise.all([
      adjustWallet(a.id, { mode: 'add', amount: '2' }, { key }),
      adjustWallet(b.id, { mode: 'add', amount: '2' }, { key }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    const balances = [(await ledgerOf(a.id))?.balance, (await ledgerOf(b.id))?.balance].sort();
    expect(balances).toEqual(['0.00000000', '2.00000000']);
  });
});
