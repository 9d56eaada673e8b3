import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCookie, signedUpUser } from '../../../test/accounts.ts';
import { createTestApp, sameOrigin, type TestApp } from '../../../test/helper.ts';
import { adminAuditLog, profiles, users } from '../../db/schema.ts';

let t: TestApp;
let admin: string;
let userId: string;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = await signedUpUser(t.app, 'wallet-owner@example.com');
  admin = await adminCookie(t.app);
  const [user] = await t.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'wallet-owner@example.com'));
  userId = user?.id ?? '';
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

  it('refuses bad amounts with the spec messages, and leaves the balance alone', async () => {
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
      { userId, email: 'wallet-owner@example.com', username: 'Owner_1', balance: '5.00000000' },
    ]);
    expect((await get('/api/admin/wallets?search=nobody', admin)).json().total).toBe(0);
    // LIKE wildcards typed into the search box are taken literally.
    expect((await get('/api/admin/wallets?search=Owner%25', admin)).json().total).toBe(0);
    expect((await get('/api/admin/wallets?search=wallet_owner', admin)).json().total).toBe(0);
    expect((await get('/api/admin/wallets?search=r_1', admin)).json().total).toBe(1);
  });
});

describe('referral stats and mining settings', () => {
  it('counts referrals and their earnings', async () => {
    const { referralCode } = (await get('/api/referrals/stats', cookie)).json();
    await signedUpUser(t.app, 'invited@example.com', referralCode);
    expect((await get('/api/referrals/stats', cookie)).json()).toEqual({
      referralCode,
      referrals: 1,
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
