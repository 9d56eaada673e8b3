import { createHash, createHmac } from 'node:crypto';
import { formatProofAmount, type ProofRecord, verifyProof } from '@btcp/shared';
import { describe, expect, it } from 'vitest';
import { nodeProofCrypto } from '#server/modules/proofs/index.ts';
import { leafKeyDeriver } from '#server/modules/proofs/keys.ts';
import {
  buildLevels,
  CHUNK_LEVELS,
  chunkLevels,
  LEAVES_PER_CHUNK,
  NODE_BYTES,
  siblingsOf,
  storedChunk,
  storedChunkLevels,
  writeLeaf,
} from '#server/modules/proofs/tree.ts';

/** The format by hand, step by step, as the README writes it: not the code under test. */
const sha = (...parts: Buffer[]) => createHash('sha256').update(Buffer.concat(parts)).digest();
const be128 = (units: bigint) => Buffer.from(units.toString(16).padStart(32, '0'), 'hex');
const hand = {
  leaf: (key: Buffer, sum: bigint) => ({ hash: sha(Buffer.from([0]), key, be128(sum)), sum }),
  parent: (l: { hash: Buffer; sum: bigint }, r: { hash: Buffer; sum: bigint }) => ({
    hash: sha(Buffer.from([1]), l.hash, be128(l.sum), r.hash, be128(r.sum)),
    sum: l.sum + r.sum,
  }),
  empty: { hash: Buffer.alloc(32), sum: 0n },
};

const keyOf = (n: number) => sha(Buffer.from(`key ${n}`));

/** `count` leaves, as the snapshot writes them, in the order given (the caller sorts). */
function leavesOf(count: number, amountOf = (n: number) => BigInt(n + 1) * 100_000_000n) {
  const leaves = Buffer.alloc(count * NODE_BYTES);
  for (let n = 0; n < count; n++) writeLeaf(leaves, n, keyOf(n), amountOf(n));
  return leaves;
}

const rootOf = (levels: Buffer[]) => (levels.at(-1) as Buffer).subarray(0, 32).toString('hex');

describe('the server’s tree builder', () => {
  it('agrees with the hand-computed roots of 0, 1, 2, 3 and 5 leaves', async () => {
    const [a, b, c, d, e] = [0, 1, 2, 3, 4].map((n) =>
      hand.leaf(keyOf(n), BigInt(n + 1) * 100_000_000n),
    ) as [
      ReturnType<typeof hand.leaf>,
      ReturnType<typeof hand.leaf>,
      ReturnType<typeof hand.leaf>,
      ReturnType<typeof hand.leaf>,
      ReturnType<typeof hand.leaf>,
    ];
    const roots = {
      0: hand.empty,
      1: a,
      2: hand.parent(a, b),
      3: hand.parent(hand.parent(a, b), hand.parent(c, hand.empty)),
      5: hand.parent(
        hand.parent(hand.parent(a, b), hand.parent(c, d)),
        hand.parent(hand.parent(e, hand.empty), hand.empty),
      ),
    };
    for (const [count, root] of Object.entries(roots)) {
      const levels = await buildLevels(leavesOf(Number(count)), Number(count));
      expect(rootOf(levels), `${count} leaves`).toBe(root.hash.toString('hex'));
      expect((levels.at(-1) as Buffer).subarray(32, 48).toString('hex')).toBe(
        be128(root.sum).toString('hex'),
      );
    }
  });

  it('serves, from a leaf chunk and the levels above it, proofs the shared verifier accepts', async () => {
    // Sizes around the chunk edge (256 leaves, 8 levels) and an odd one well above it.
    for (const count of [1, 2, 255, 256, 257, 513, 1_000]) {
      const leaves = leavesOf(count, (n) => BigInt(n * 7 + 1));
      const levels = await buildLevels(leaves, count);
      const upper = Buffer.concat(levels.slice(CHUNK_LEVELS));
      const record = {
        id: 1,
        leafCount: count,
        root: rootOf(levels),
        total: formatProofAmount(BigInt((count * (count - 1) * 7) / 2 + count)),
      } as ProofRecord;
      for (const position of new Set([0, 1, count - 2, count - 1, Math.floor(count / 2)])) {
        if (position < 0 || position >= count) continue;
        const chunk = Math.floor(position / LEAVES_PER_CHUNK);
        const chunkLeaves = leaves.subarray(
          chunk * LEAVES_PER_CHUNK * NODE_BYTES,
          (chunk + 1) * LEAVES_PER_CHUNK * NODE_BYTES,
        );
        const proof = {
          snapshotId: 1,
          leafKey: keyOf(position).toString('hex'),
          amount: formatProofAmount(BigInt(position * 7 + 1)),
          index: position,
          siblings: siblingsOf(position, count, chunkLevels(chunkLeaves), upper).map((s) => ({
            hash: s.hash.toString('hex'),
            sum: formatProofAmount(s.sum),
          })),
        };
        const result = await verifyProof(proof, record, nodeProofCrypto);
        expect(result, `leaf ${position} of ${count}`).toMatchObject({ ok: true });
      }
    }
  });

  it('stores each leaf chunk with the levels inside it, as rebuilding them from its leaves gives', async () => {
    for (const count of [1, 2, 3, 255, 256, 257, 300, 513, 1_000]) {
      const leaves = leavesOf(count);
      const levels = await buildLevels(leaves, count);
      for (let chunk = 0; chunk * LEAVES_PER_CHUNK < count; chunk++) {
        const chunkLeaves = leaves.subarray(
          chunk * LEAVES_PER_CHUNK * NODE_BYTES,
          (chunk + 1) * LEAVES_PER_CHUNK * NODE_BYTES,
        );
        const held = chunkLeaves.length / NODE_BYTES;
        const row = storedChunk(levels, count, chunk);
        const rebuilt = chunkLevels(chunkLeaves);
        expect(row.equals(Buffer.concat(rebuilt)), `chunk ${chunk} of ${count}`).toBe(true);
        expect(storedChunkLevels(row, held)).toEqual(rebuilt);
        // A row of leaves alone, as written before the levels were kept, reads the same.
        expect(storedChunkLevels(chunkLeaves, held)).toEqual(rebuilt);
        // Any other length is a broken row, not a proof built on misread levels.
        const longer = Buffer.concat([row, row.subarray(0, NODE_BYTES)]);
        expect(() => storedChunkLevels(longer, held)).toThrow();
      }
    }
  });

  it('derives leaf keys as HMAC-SHA-256 of "<snapshot id>|<user id>" under the secret', () => {
    for (const secret of [
      Buffer.from('a'.repeat(64)),
      Buffer.alloc(100, 7),
      Buffer.from('short'),
    ]) {
      const derive = leafKeyDeriver(secret);
      for (const [id, user] of [
        [1, '0e5bd3a4-7c1f-4d5e-9a3b-2f6c8d9e0a1b'],
        [123456, 'ffffffff-ffff-ffff-ffff-ffffffffffff'],
      ] as const) {
        expect(derive(id, user).toString('hex')).toBe(
          createHmac('sha256', secret).update(`${id}|${user}`).digest('hex'),
        );
      }
    }
  });
});
