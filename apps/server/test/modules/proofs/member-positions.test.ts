import { MemberProofSchema, type ProofRecord, toUnits, verifyProof } from '@btcp/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heldProof, readHeld } from '#server/modules/proofs/held.ts';
import { nodeProofCrypto } from '#server/modules/proofs/index.ts';
import { memberProof, snapshotTree } from '#server/modules/proofs/member-proof.ts';
import { ENTRIES_PER_CHUNK } from '#server/modules/proofs/snapshot.ts';
import { LEAVES_PER_CHUNK } from '#server/modules/proofs/tree.ts';
import { adminCookie } from '#server-test/accounts.ts';
import { createTestApp, type TestApp } from '#server-test/helper.ts';
import { getAs, snapshotAs } from './proof-calls.ts';

/**
 * More wallets than several position chunks and three leaf chunks hold: a full leaf chunk's proof
 * is cut from its row by the database, a short last chunk's from the whole row.
 */
const WALLETS = Math.max(2 * ENTRIES_PER_CHUNK, 3 * LEAVES_PER_CHUNK) + 77;

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminCookie(t.app);
});
afterAll(() => t.close());

describe('a member’s proof among thousands of wallets', () => {
  it('finds each member’s own leaf, first, last and between in every position chunk', async () => {
    // Wallets set straight in the database, each with the ledger row that explains its balance (a
    // snapshot is signed only when the two agree): their owners never sign in, only their ids matter.
    await t.app.db.execute(sql`
      WITH made AS (
        INSERT INTO users (email, password_hash)
        SELECT 'positions-' || n || '@example.com', 'not a hash' FROM generate_series(1, ${WALLETS}) AS n
        RETURNING id, (split_part(split_part(email, '@', 1), '-', 2))::numeric / 1000 AS balance
      ), held AS (
        INSERT INTO wallets (user_id, balance) SELECT id, balance FROM made
      )
      INSERT INTO transactions (user_id, amount, transaction_type, description)
      SELECT id, balance, 'ADMIN_ADJUSTMENT', 'Seeded balance' FROM made`);
    const rows = (
      (await t.app.db.execute(
        sql`SELECT user_id::text AS "userId", balance::text AS balance FROM wallets WHERE balance > 0 ORDER BY user_id`,
      )) as unknown as { rows: { userId: string; balance: string }[] }
    ).rows;
    expect(rows.length).toBeGreaterThanOrEqual(WALLETS);

    const record: ProofRecord = await snapshotAs(t.app, admin);
    expect(record.leafCount).toBe(rows.length);
    const tree = await snapshotTree(t.app.db, record.id);
    // In user-id order, as the position chunks hold them: each chunk's edges and a stride between.
    const picked = rows.filter(
      (_, index) =>
        index % ENTRIES_PER_CHUNK <= 1 ||
        (index + 1) % ENTRIES_PER_CHUNK <= 1 ||
        index % 97 === 0 ||
        index === rows.length - 1,
    );
    const positions = new Set<number>();
    for (const { userId, balance } of picked) {
      const proof = await memberProof({ db: t.app.db, config: t.config }, userId, tree);
      expect(toUnits(proof.amount), userId).toBe(toUnits(balance));
      expect(await verifyProof(proof, record, nodeProofCrypto), userId).toMatchObject({ ok: true });
      positions.add(proof.index);
    }
    expect(positions.size).toBe(picked.length);
    // Whoever holds no balance has no leaf: the search ends empty, not on a neighbour.
    const stranger = '00000000-0000-4000-8000-000000000000';
    await expect(memberProof({ db: t.app.db, config: t.config }, stranger, tree)).rejects.toThrow();
    // The snapshot read whole into memory serves each member the very proof the database does.
    const ctx = { db: t.app.db, config: t.config };
    const held = await readHeld(t.app.db, tree);
    // The route sends these as they are, unchecked on the way: each is exactly its schema's shape.
    const exactly = MemberProofSchema.strict();
    for (const { userId } of rows) {
      const fromHeld = await heldProof(ctx, held, tree, userId);
      expect(fromHeld, userId).toEqual(await memberProof(ctx, userId, tree));
      expect(exactly.parse(fromHeld), userId).toEqual(fromHeld);
    }
    expect(await heldProof(ctx, held, tree, stranger)).toBeNull();
    expect((await getAs(t.app, `/api/proof/snapshots/${record.id}`)).statusCode).toBe(200);
  });

  it('takes a member’s id only at an entry’s start, not where its bytes run across two entries', async () => {
    const tree = await snapshotTree(t.app.db, undefined);
    const [member] = (
      (await t.app.db.execute(
        sql`SELECT user_id::text AS "userId" FROM wallets WHERE balance > 0 ORDER BY user_id DESC LIMIT 1`,
      )) as unknown as { rows: { userId: string }[] }
    ).rows;
    if (!member) throw new Error('no wallet');
    const honest = await memberProof({ db: t.app.db, config: t.config }, member.userId, tree);
    // Two entries put before the member's own whose bytes, read from the first one's ninth byte,
    // spell the member's id: its first 8 bytes end the first id, the next 4 are that entry's
    // position, the last 4 begin the second id.
    const id = Buffer.from(member.userId.replaceAll('-', ''), 'hex');
    const decoys = Buffer.alloc(40);
    id.copy(decoys, 8, 0, 8);
    id.copy(decoys, 16, 8, 12);
    id.copy(decoys, 20, 12, 16);
    decoys.writeUInt32BE(7, 36);
    await t.app.db.execute(sql`
      UPDATE proof_position_chunks SET entries = ${decoys} || entries
      WHERE snapshot_id = ${tree.id} AND first_user_id = (
        SELECT first_user_id FROM proof_position_chunks
        WHERE snapshot_id = ${tree.id} AND first_user_id <= ${member.userId}::uuid
        ORDER BY first_user_id DESC LIMIT 1
      )`);
    const proof = await memberProof({ db: t.app.db, config: t.config }, member.userId, tree);
    expect(proof.index).toBe(honest.index);
    expect(proof).toEqual(honest);
  });
});
