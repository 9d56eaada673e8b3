import {
  type ProofKeys,
  type ProofRecord,
  proofMessages,
  toUnits,
  verifyDownload,
  verifyRecord,
} from '@btcp/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeProofCrypto, purgeExpiredProofs } from '#server/modules/proofs/index.ts';
import { adminCookie, login, signedUpUser, userIdOf } from '#server-test/accounts.ts';
import { createTestApp, manualClock, SAME_ORIGIN, type TestApp } from '#server-test/helper.ts';
import { downloadAs, getAs, snapshotAs } from './proof-calls.ts';

const clock = manualClock(new Date('2026-12-06T10:00:00Z'));
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await adminCookie(t.app);
});
afterAll(() => t.close());

interface Member {
  email: string;
  id: string;
  cookie: string;
}

async function member(email: string, balance?: string): Promise<Member> {
  const cookie = await signedUpUser(t.app, email);
  const id = await userIdOf(t.app.db, email);
  if (balance) await adjust(id, 'set', balance);
  return { email, id, cookie };
}

async function adjust(userId: string, mode: 'set' | 'add', amount: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/admin/wallets/${userId}/adjust`,
    headers: { cookie: admin, origin: SAME_ORIGIN },
    payload: { mode, amount },
  });
  expect(response.statusCode, response.body).toBe(200);
}

const takeSnapshot = (label?: string) => snapshotAs(t.app, admin, label);
const get = (url: string, cookie?: string) => getAs(t.app, url, cookie);
const download = (who: Member, snapshot?: number) => downloadAs(t.app, who.cookie, snapshot);

const walletOf = async (who: Member) =>
  (await get('/api/wallet', who.cookie)).json().balance as string;

let alice: Member;
let bob: Member;
let carol: Member;
let dan: Member;
let first: ProofRecord;

describe('proof of balances (decision 053)', () => {
  it('gives every member with a balance a proof the shared verifier accepts, and only their own', async () => {
    alice = await member('alice@example.com', '12.5');
    bob = await member('bob@example.com', '0.00000001');
    carol = await member('carol@example.com', '999999999999.99999999');
    dan = await member('dan@example.com');
    first = await takeSnapshot();
    expect(first).toMatchObject({
      id: 1,
      leafCount: 3,
      total: '1000000000012.50000000',
      previous: null,
    });

    const leafKeys = new Set<string>();
    for (const who of [alice, bob, carol]) {
      const file = await download(who);
      expect(await verifyDownload(file, nodeProofCrypto)).toMatchObject({ ok: true });
      expect(toUnits(file.proof.amount)).toBe(toUnits(await walletOf(who)));
      leafKeys.add(file.proof.leafKey);
    }
    expect(leafKeys.size).toBe(3);

    const none = await get('/api/wallet/proof', dan.cookie);
    expect(none.statusCode).toBe(404);
    expect(none.json().error.message).toBe(proofMessages.noBalanceThen);
    expect((await get('/api/wallet/proof?snapshot=99', alice.cookie)).json().error.message).toBe(
      proofMessages.snapshotNotFound,
    );
    // Staff sessions and visitors read no member's proof: there is no route that names a member.
    expect((await get('/api/wallet/proof', admin)).statusCode).toBe(401);
    expect((await get('/api/wallet/proof')).statusCode).toBe(401);
    expect((await get('/api/wallet/proof?user=x', admin)).statusCode).toBe(401);
  });

  it('changes the next root when a balance changes, and chains signed records newest first', async () => {
    await adjust(bob.id, 'add', '1');
    const second = await takeSnapshot();
    expect(second.root).not.toBe(first.root);
    expect(second.previous).toBe(first.digest);
    const keys: ProofKeys = (await get('/api/proof/key')).json();
    expect(keys.algorithm).toBe('Ed25519');
    expect(await verifyRecord(first, keys.publicKey, null, nodeProofCrypto)).toMatchObject({
      ok: true,
    });
    expect(await verifyRecord(second, keys.publicKey, first.digest, nodeProofCrypto)).toMatchObject(
      { ok: true },
    );

    const page = await get('/api/proof/snapshots?limit=1');
    expect(page.headers['cache-control']).toBe('public, max-age=60');
    expect(page.json()).toMatchObject({ items: [{ id: 2 }], nextBefore: 2 });
    expect((await get('/api/proof/snapshots?before=2')).json()).toEqual({
      items: [first],
      nextBefore: null,
    });
    // Each snapshot keeps the balance of its moment.
    expect((await download(bob, 1)).proof.amount).toBe('0.00000001');
    expect((await download(bob)).proof.amount).toBe('1.00000001');
  });

  it('keeps a labelled snapshot’s proofs forever and an unlabelled one’s for 30 days, records always', async () => {
    const labelled = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/proof/snapshots/1',
      headers: { cookie: admin, origin: SAME_ORIGIN },
      payload: { label: 'Launch' },
    });
    expect(labelled.json()).toMatchObject({ id: 1, label: 'Launch', digest: first.digest });
    const { rows } = (await t.app.db.execute(
      sql`SELECT action FROM admin_audit_log WHERE action LIKE 'proof.%' ORDER BY created_at`,
    )) as unknown as { rows: { action: string }[] };
    expect(rows.map((row) => row.action)).toEqual([
      'proof.snapshot.take',
      'proof.snapshot.take',
      'proof.snapshot.label',
    ]);

    // Asked for, and so kept by the process, before its proofs go: the purge is still answered 404.
    expect((await get('/api/wallet/proof?snapshot=2', alice.cookie)).statusCode).toBe(200);
    clock.advance(29 * 86_400_000);
    expect(await purgeExpiredProofs(t.app.db, clock.now())).toBe(0);
    clock.advance(2 * 86_400_000);
    expect(await purgeExpiredProofs(t.app.db, clock.now())).toBe(1);
    alice.cookie = await login(t.app, alice.email);
    const expired = await get('/api/wallet/proof?snapshot=2', alice.cookie);
    expect(expired.statusCode).toBe(404);
    expect(expired.json().error.message).toBe(proofMessages.proofsExpired);
    expect(await verifyDownload(await download(alice, 1), nodeProofCrypto)).toMatchObject({
      ok: true,
    });
    expect((await get('/api/proof/snapshots')).json().items).toHaveLength(2);
  });
});
