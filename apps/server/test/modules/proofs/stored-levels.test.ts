import { type MemberProof, type ProofRecord, verifyProof } from '@btcp/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proofLeafChunks } from '#server/db/schema.ts';
import { nodeProofCrypto } from '#server/modules/proofs/index.ts';
import { memberProof, snapshotTree } from '#server/modules/proofs/member-proof.ts';
import { adminCookie } from '#server-test/accounts.ts';
import { createTestApp, type TestApp } from '#server-test/helper.ts';
import { snapshotAs } from './proof-calls.ts';

/** A full leaf chunk (256 leaves) and a short last one (44), whose levels run out early. */
const WALLETS = 300;
const NODE = 48;

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminCookie(t.app);
});
afterAll(() => t.close());

const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
  ((await t.app.db.execute(query)) as unknown as { rows: T[] }).rows;

async function chunkRow(snapshotId: number, chunk: number): Promise<Buffer> {
  const [row] = await t.app.db
    .select({ nodes: proofLeafChunks.nodes })
    .from(proofLeafChunks)
    .where(and(eq(proofLeafChunks.snapshotId, snapshotId), eq(proofLeafChunks.chunk, chunk)));
  return Buffer.from(row?.nodes ?? new Uint8Array(0));
}

const setChunkRow = (snapshotId: number, chunk: number, nodes: Buffer) =>
  t.app.db
    .update(proofLeafChunks)
    .set({ nodes })
    .where(and(eq(proofLeafChunks.snapshotId, snapshotId), eq(proofLeafChunks.chunk, chunk)));

describe('a leaf chunk stored with the levels inside it', () => {
  it('serves the proof a row of leaves alone serves, and a wrong stored level fails the check', async () => {
    await t.app.db.execute(sql`
      WITH made AS (
        INSERT INTO users (email, password_hash)
        SELECT 'levels-' || n || '@example.com', 'not a hash' FROM generate_series(1, ${WALLETS}) AS n
        RETURNING id, (split_part(split_part(email, '@', 1), '-', 2))::numeric / 1000 AS balance
      ), held AS (
        INSERT INTO wallets (user_id, balance) SELECT id, balance FROM made
      )
      INSERT INTO transactions (user_id, amount, transaction_type, description)
      SELECT id, balance, 'ADMIN_ADJUSTMENT', 'Seeded balance' FROM made`);
    const holders = (
      await rowsOf<{ userId: string }>(
        sql`SELECT user_id::text AS "userId" FROM wallets WHERE balance > 0 ORDER BY user_id`,
      )
    ).map((row) => row.userId);
    const record: ProofRecord = await snapshotAs(t.app, admin);
    expect(record.leafCount).toBe(holders.length);
    // A third of the members, spread over both chunks by the hash order.
    const userIds = holders.filter((_, index) => index % 3 === 0);
    const leafCount = record.leafCount;
    const chunks = Math.ceil(leafCount / 256);
    const leavesIn = (chunk: number) => Math.min(256, leafCount - chunk * 256);
    // The inner levels' widths, by hand: halved (rounding up) while the level below is wider than 1.
    const innerNodes = (leaves: number) => {
      let nodes = 0;
      for (let width = leaves, level = 1; level < 8 && width > 1; level++) {
        width = Math.ceil(width / 2);
        nodes += width;
      }
      return nodes;
    };
    const stored = [];
    for (let chunk = 0; chunk < chunks; chunk++) {
      const row = await chunkRow(record.id, chunk);
      expect(row.length, `chunk ${chunk}`).toBe(
        (leavesIn(chunk) + innerNodes(leavesIn(chunk))) * NODE,
      );
      stored.push(row);
    }
    expect(stored[0]?.length).toBe((256 + 254) * NODE);

    const ctx = { db: t.app.db, config: t.config };
    const tree = await snapshotTree(t.app.db, record.id);
    const fromStored = new Map<string, MemberProof>();
    for (const userId of userIds) {
      const proof = await memberProof(ctx, userId, tree);
      expect(await verifyProof(proof, record, nodeProofCrypto), userId).toMatchObject({ ok: true });
      fromStored.set(userId, proof);
    }

    // Rows as written before the levels were kept: the leaves alone, whose levels are rebuilt.
    for (let chunk = 0; chunk < chunks; chunk++) {
      await setChunkRow(
        record.id,
        chunk,
        (stored[chunk] as Buffer).subarray(0, leavesIn(chunk) * NODE),
      );
    }
    for (const userId of userIds) {
      expect(await memberProof(ctx, userId, tree), userId).toEqual(fromStored.get(userId));
    }

    // One byte of a stored level changed: the members whose sibling it is get a proof that fails.
    for (const [chunk, level] of [
      [0, 1],
      [0, 7],
      [chunks - 1, 3],
    ] as const) {
      const member = userIds.find(
        (userId) => Math.floor((fromStored.get(userId) as MemberProof).index / 256) === chunk,
      ) as string;
      const position = (fromStored.get(member) as MemberProof).index % 256;
      let offset = 0;
      for (let below = 0, width = leavesIn(chunk); below < level; below++) {
        offset += width;
        width = Math.ceil(width / 2);
      }
      const neighbour = (position >> level) ^ 1;
      const altered = Buffer.from(stored[chunk] as Buffer);
      const at = (offset + neighbour) * NODE + 5;
      altered[at] = (altered[at] as number) ^ 0x01;
      await setChunkRow(record.id, chunk, altered);
      const proof = await memberProof(ctx, member, tree);
      expect(proof, `level ${level} of chunk ${chunk}`).not.toEqual(fromStored.get(member));
      expect(await verifyProof(proof, record, nodeProofCrypto)).toMatchObject({ ok: false });
      await setChunkRow(record.id, chunk, stored[chunk] as Buffer);
      expect(await memberProof(ctx, member, tree)).toEqual(fromStored.get(member));
    }
  });
});
