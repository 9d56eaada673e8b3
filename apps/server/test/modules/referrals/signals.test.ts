import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, sessions, transactions } from '#server/db/schema.ts';
import { adminCookie, post, signedUpUser, userIdOf } from '#server-test/accounts.ts';
import { createTestApp, manualClock, sameOrigin, type TestApp } from '#server-test/helper.ts';
import { setQualifyingMinutes } from '#server-test/referrals.ts';

/** Decision 033: clusters of accounts shown to admins, banned or found fine. */
const clock = manualClock(new Date('2026-05-01T00:00:00Z'));
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ clock });
  await setQualifyingMinutes(t.app, 0);
  admin = await adminCookie(t.app);
});
afterAll(() => t.close());

const get = (url: string, cookie: string) =>
  t.app.inject({ method: 'GET', url, headers: { cookie } });
const review = (action: 'ban' | 'dismiss', payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/signals/${action}`,
    headers: { ...sameOrigin, cookie: admin },
    payload,
  });

interface Cluster {
  kind: string;
  key: string;
  accountCount: number;
  referrerId: string | null;
  accounts: {
    id: string;
    email: string;
    username: string | null;
    memberTag: string;
    status: string;
    miningNow: boolean;
    balance: string;
  }[];
}
async function clusters(): Promise<Cluster[]> {
  const response = await get('/api/admin/signals', admin);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return response.json().clusters;
}
const find = async (kind: string, key: string) =>
  (await clusters()).find((c) => c.kind === kind && c.key === key);

const idOf = (email: string) => userIdOf(t.database.db, email);

describe('Signals (decision 033)', () => {
  it('shows a sign-up network with three accounts; Ban all bans them, ends sessions and mining, audited', async () => {
    const farm: string[] = [];
    for (let i = 1; i <= 3; i++) {
      farm.push(await signedUpUser(t.app, `farm-${i}@example.com`, '', `203.0.113.${i}`));
    }
    const started = await post(t.app, '/api/mining/start', undefined, farm[0]);
    expect(started.statusCode).toBe(201);
    const cluster = await find('network', '203.0.113.0/24');
    expect(cluster?.accountCount).toBe(3);
    expect(cluster?.accounts.map((a) => a.email)).toEqual([
      'farm-3@example.com',
      'farm-2@example.com',
      'farm-1@example.com',
    ]);
    expect(cluster?.accounts[2]).toMatchObject({ status: 'active', miningNow: true });
    // Named as the community names them (decision 055): none of them chose a username.
    const tags = cluster?.accounts.map((a) => a.username ?? a.memberTag) ?? [];
    expect(tags).toEqual([
      expect.stringMatching(/^[0-9a-f]{6}$/),
      expect.stringMatching(/^[0-9a-f]{6}$/),
      expect.stringMatching(/^[0-9a-f]{6}$/),
    ]);
    expect(new Set(tags).size).toBe(3);

    clock.advance(20_000);
    const accountIds = cluster?.accounts.map((a) => a.id) ?? [];
    const banned = await review('ban', {
      kind: 'network',
      key: '203.0.113.0/24',
      reason: 'One farm',
      accountIds,
    });
    expect(banned.statusCode, banned.body).toBe(200);
    expect(banned.json().accounts).toBe(3);
    expect(await find('network', '203.0.113.0/24')).toBeUndefined();
    // Mining stopped and was paid as Stop pays; sessions ended; each ban audited, and the whole.
    const farm1 = await idOf('farm-1@example.com');
    const mining = await t.database.db.execute(
      sql`SELECT count(*)::int AS n FROM mining_sessions WHERE user_id = ${farm1}`,
    );
    expect((mining as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
    const paid = await t.database.db
      .select()
      .from(transactions)
      .where(eq(transactions.userId, farm1));
    expect(paid.length).toBe(1);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, farm1))).toEqual(
      [],
    );
    expect((await get('/api/wallet', farm[1] ?? '')).statusCode).toBe(401);
    const audits = await t.database.db.select().from(adminAuditLog);
    expect(audits.filter((a) => a.action === 'user.ban')).toHaveLength(3);
    expect(audits.filter((a) => a.action === 'signals.ban')).toHaveLength(1);
    // Again: harmless, nothing more to ban.
    const again = await review('ban', {
      kind: 'network',
      key: '203.0.113.0/24',
      reason: 'x',
      accountIds,
    });
    expect(again.json().accounts).toBe(0);
  });

  it('hides a cluster found fine until it grows', async () => {
    for (let i = 1; i <= 3; i++) {
      await signedUpUser(t.app, `office-${i}@example.com`, '', `192.0.2.${i}`);
    }
    expect((await review('dismiss', { kind: 'network', key: '192.0.2.0/24' })).statusCode).toBe(
      200,
    );
    expect(await find('network', '192.0.2.0/24')).toBeUndefined();
    await signedUpUser(t.app, 'office-4@example.com', '', '192.0.2.4');
    expect((await find('network', '192.0.2.0/24'))?.accountCount).toBe(4);
  });

  it('shows a referral tree grown from one network, and accounts mining from one address', async () => {
    const referrer = await signedUpUser(t.app, 'tree-root@example.com', '', '100.64.1.1');
    const { referralCode } = (await get('/api/referrals/stats', referrer)).json();
    const a = await signedUpUser(t.app, 'tree-a@example.com', referralCode, '100.64.9.1');
    const b = await signedUpUser(t.app, 'tree-b@example.com', referralCode, '100.64.9.2');
    const tree = await find(
      'referral_tree',
      `${await idOf('tree-root@example.com')} 100.64.9.0/24`,
    );
    expect(tree?.accounts.map((x) => x.email).sort()).toEqual([
      'tree-a@example.com',
      'tree-b@example.com',
      'tree-root@example.com',
    ]);
    // Both mine from one address (the tests' 127.0.0.1).
    for (const cookie of [a, b]) {
      expect((await post(t.app, '/api/mining/start', undefined, cookie)).statusCode).toBe(201);
    }
    expect((await find('mining_address', '127.0.0.1'))?.accountCount).toBe(2);
  });

  it("bans only the accounts chosen: a tree's referrer, named as such, can be left out", async () => {
    const referrer = await signedUpUser(t.app, 'kept-root@example.com', '', '100.66.1.1');
    const { referralCode } = (await get('/api/referrals/stats', referrer)).json();
    for (const [index, name] of ['kept-a', 'kept-b'].entries()) {
      await signedUpUser(t.app, `${name}@example.com`, referralCode, `100.66.9.${index + 1}`);
    }
    const rootId = await idOf('kept-root@example.com');
    const key = `${rootId} 100.66.9.0/24`;
    const tree = await find('referral_tree', key);
    expect(tree?.referrerId).toBe(rootId);
    expect((await find('network', '203.0.113.0/24'))?.referrerId ?? null).toBeNull();
    const friends = (tree?.accounts ?? []).filter((a) => a.id !== rootId).map((a) => a.id);
    expect(friends).toHaveLength(2);

    // An account from elsewhere, an empty choice or a malformed id: 400, nothing banned.
    const before = (await t.database.db.select().from(adminAuditLog)).length;
    const outsider = await idOf('office-1@example.com');
    for (const accountIds of [[...friends, outsider], [], ['not-an-id']]) {
      const refused = await review('ban', { kind: 'referral_tree', key, reason: 'x', accountIds });
      expect(refused.statusCode, refused.body).toBe(400);
    }
    expect((await t.database.db.select().from(adminAuditLog)).length).toBe(before);

    const banned = await review('ban', {
      kind: 'referral_tree',
      key,
      reason: 'Farmed friends',
      accountIds: friends,
    });
    expect(banned.statusCode, banned.body).toBe(200);
    expect(banned.json()).toEqual({ message: 'Banned 2 accounts', accounts: 2 });
    // The referrer left out can still sign in and use their wallet; the friends cannot.
    expect((await get('/api/wallet', referrer)).statusCode).toBe(200);
    const users = await t.database.db.execute(
      sql`SELECT u.email, p.is_banned AS banned FROM users u JOIN profiles p ON p.id = u.id
        WHERE u.email LIKE 'kept-%' ORDER BY u.email`,
    );
    expect((users as unknown as { rows: unknown[] }).rows).toEqual([
      { email: 'kept-a@example.com', banned: true },
      { email: 'kept-b@example.com', banned: true },
      { email: 'kept-root@example.com', banned: false },
    ]);
    expect(await find('referral_tree', key)).toBeUndefined();
  });

  it('shows a held referral; Looks fine releases it and pays it', async () => {
    const referrer = await signedUpUser(t.app, 'held-root@example.com', '', '100.65.1.1');
    const { referralCode } = (await get('/api/referrals/stats', referrer)).json();
    // From the referrer's own sign-up network: held, not paid at verification.
    await signedUpUser(t.app, 'held-friend@example.com', referralCode, '100.65.1.2');
    const key = await idOf('held-friend@example.com');
    const rootId = await idOf('held-root@example.com');
    const bonus = () =>
      t.database.db.select().from(transactions).where(eq(transactions.userId, rootId));
    expect(await bonus()).toHaveLength(0);
    expect((await find('held_referral', key))?.accountCount).toBe(2);
    const dismissed = await review('dismiss', { kind: 'held_referral', key });
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect(await bonus()).toHaveLength(1);
    expect(await find('held_referral', key)).toBeUndefined();
    // The cluster is gone: a second answer names an unknown cluster.
    expect((await review('dismiss', { kind: 'held_referral', key })).statusCode).toBe(404);
    expect(await bonus()).toHaveLength(1);
  });

  it('answers 404 for an unknown cluster and 400 for a ban without a reason, writing nothing', async () => {
    const before = (await t.database.db.select().from(adminAuditLog)).length;
    const unknown = await review('ban', {
      kind: 'network',
      key: '10.9.9.0/24',
      reason: 'x',
      accountIds: [crypto.randomUUID()],
    });
    expect(unknown.statusCode).toBe(404);
    expect((await review('dismiss', { kind: 'held_referral', key: 'not-a-uuid' })).statusCode).toBe(
      404,
    );
    expect((await review('ban', { kind: 'network', key: '203.0.113.0/24' })).statusCode).toBe(400);
    expect((await review('ban', { kind: 'nope', key: 'x', reason: 'x' })).statusCode).toBe(400);
    expect((await t.database.db.select().from(adminAuditLog)).length).toBe(before);
  });
});
