/// <reference types="node" />
import { createHash, createPublicKey, generateKeyPairSync, sign, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_NODE,
  formatProofAmount,
  type ProofCrypto,
  parseProofAmount,
  recordDigestText,
  subtleProofCrypto,
  u128,
  verifyDownload,
  verifyProof,
  verifyRecord,
} from './proof.ts';
import type { MemberProof, ProofRecord } from './proof-schemas.ts';

/*
 * The expected hashes are computed here step by step with node:crypto and Buffer, from the format
 * as the README writes it, never with the code under test.
 */
const sha = (...parts: Buffer[]) => createHash('sha256').update(Buffer.concat(parts)).digest();
const be128 = (units: bigint) => {
  const bytes = Buffer.alloc(16);
  bytes.writeBigUInt64BE(units >> 64n, 0);
  bytes.writeBigUInt64BE(units & 0xffffffffffffffffn, 8);
  return bytes;
};
interface Hand {
  hash: Buffer;
  sum: bigint;
}
const empty: Hand = { hash: Buffer.alloc(32), sum: 0n };
const leaf = (key: Buffer, sum: bigint): Hand => ({
  hash: sha(Buffer.from([0]), key, be128(sum)),
  sum,
});
const parent = (l: Hand, r: Hand): Hand => ({
  hash: sha(Buffer.from([1]), l.hash, be128(l.sum), r.hash, be128(r.sum)),
  sum: l.sum + r.sum,
});
const keyOf = (n: number) => createHash('sha256').update(`leaf key ${n}`).digest();
const amounts = [1250000000n, 1n, 99999999999999999999n, 50000000n, 700000000000n];
/** The leaves of the first `count` members, ordered by hash bytes as the format says. */
const sortedLeaves = (count: number) =>
  amounts
    .slice(0, count)
    .map((amount, n) => ({ ...leaf(keyOf(n), amount), key: keyOf(n) }))
    .sort((a, b) => Buffer.compare(a.hash, b.hash));

const nodeCrypto: ProofCrypto = {
  sha256: async (bytes) => createHash('sha256').update(bytes).digest(),
  verifyEd25519: async (raw, signature, message) => {
    const der = Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), raw]);
    return verify(
      null,
      message,
      createPublicKey({ key: der, format: 'der', type: 'spki' }),
      signature,
    );
  },
};

const hex = (bytes: Buffer) => bytes.toString('hex');
const total = (node: Hand) => formatProofAmount(node.sum);

function recordFor(root: Hand, leafCount: number, id = 7): ProofRecord {
  return {
    id,
    takenAt: '2026-12-06T00:00:00.000Z',
    leafCount,
    total: total(root),
    root: hex(root.hash),
    previous: null,
    digest: '0'.repeat(64),
    signature: '',
    keyId: '',
    label: null,
  };
}

/** Siblings read off explicitly written levels: at level k, the node beside position index >> k. */
function proofFrom(
  levels: Hand[][],
  index: number,
  key: Buffer,
  amount: bigint,
  id = 7,
): MemberProof {
  const siblings = levels.slice(0, -1).map((level, k) => {
    const node = level[(index >> k) ^ 1] ?? empty;
    return { hash: hex(node.hash), sum: formatProofAmount(node.sum) };
  });
  return { snapshotId: id, leafKey: hex(key), amount: formatProofAmount(amount), index, siblings };
}

function handTrees() {
  const one = sortedLeaves(1);
  const two = sortedLeaves(2);
  const three = sortedLeaves(3);
  const five = sortedLeaves(5);
  const [a, b, c, d, e] = five as unknown as [Hand, Hand, Hand, Hand, Hand];
  const ab = parent(a, b);
  const cd = parent(c, d);
  const e0 = parent(e, empty);
  const e00 = parent(e0, empty);
  const [x, y, z] = three as unknown as [Hand, Hand, Hand];
  const xy = parent(x, y);
  const z0 = parent(z, empty);
  return [
    { leaves: one, levels: [one] },
    { leaves: two, levels: [two, [parent(two[0] as Hand, two[1] as Hand)]] },
    { leaves: three, levels: [three, [xy, z0], [parent(xy, z0)]] },
    {
      leaves: five,
      levels: [five, [ab, cd, e0], [parent(ab, cd), e00], [parent(parent(ab, cd), e00)]],
    },
  ];
}

describe('proof of balances, format version 1', () => {
  it('reads and writes amounts exactly and encodes them as 16-byte big-endian', () => {
    expect(parseProofAmount('12.50000000')).toBe(1250000000n);
    expect(formatProofAmount(99999999999999999999n)).toBe('999999999999.99999999');
    expect(() => parseProofAmount('12.5')).toThrow();
    expect(() => parseProofAmount('-1.00000000')).toThrow();
    expect(() => parseProofAmount('01.00000000')).toThrow();
    expect(Buffer.from(u128(1250000000n))).toEqual(be128(1250000000n));
    expect(Buffer.from(u128((1n << 128n) - 1n))).toEqual(Buffer.alloc(16, 0xff));
    expect(() => u128(1n << 128n)).toThrow();
  });

  it('matches a vector computed outside JavaScript (Python hashlib) for one leaf', () => {
    // python3 -c "import hashlib;print(hashlib.sha256(b'\0'+bytes(32)+(1250000000).to_bytes(16,'big')).hexdigest())"
    expect(hex(leaf(Buffer.alloc(32), 1250000000n).hash)).toBe(
      'bb967fbd31f769c9d2f212d8210b6f8c62445d429d35829ccfb942afd83a177e',
    );
  });

  it('accepts every leaf of the hand-computed trees of 1, 2, 3 and 5 leaves', async () => {
    for (const { leaves, levels } of handTrees()) {
      const root = levels.at(-1)?.[0] as Hand;
      const record = recordFor(root, leaves.length);
      for (const [index, member] of leaves.entries()) {
        const result = await verifyProof(
          proofFrom(levels, index, member.key, member.sum),
          record,
          nodeCrypto,
        );
        expect(result).toEqual({ ok: true, root: record.root, total: record.total });
      }
    }
  });

  it('gives the empty node as the root of no leaves, and no proof can match it', async () => {
    expect(hex(Buffer.from(EMPTY_NODE.hash))).toBe('0'.repeat(64));
    const record = recordFor(empty, 0);
    const proof = {
      snapshotId: 7,
      leafKey: hex(keyOf(0)),
      amount: '1.00000000',
      index: 0,
      siblings: [],
    };
    expect(await verifyProof(proof, record, nodeCrypto)).toMatchObject({
      ok: false,
      failure: 'index-out-of-range',
    });
  });

  it('refuses a proof with one sibling changed, a wrong amount, a dropped level or another snapshot', async () => {
    const { leaves, levels } = handTrees()[3] as ReturnType<typeof handTrees>[number];
    const root = levels.at(-1)?.[0] as Hand;
    const record = recordFor(root, 5);
    const member = leaves[1] as Hand & { key: Buffer };
    const good = proofFrom(levels, 1, member.key, member.sum);
    const changedHash = structuredClone(good);
    (changedHash.siblings[1] as { hash: string }).hash = `1${good.siblings[1]?.hash.slice(1)}`;
    const changedSum = structuredClone(good);
    (changedSum.siblings[0] as { sum: string }).sum = formatProofAmount(
      parseProofAmount(good.siblings[0]?.sum ?? '') + 1n,
    );
    const failures = await Promise.all(
      [
        changedHash,
        changedSum,
        { ...good, amount: formatProofAmount(member.sum + 1n) },
        { ...good, siblings: good.siblings.slice(1) },
        { ...good, snapshotId: 8 },
        { ...good, leafKey: 'zz' },
      ].map(
        async (proof) =>
          ((await verifyProof(proof, record, nodeCrypto)) as { failure?: string }).failure,
      ),
    );
    expect(failures).toEqual([
      'root-mismatch',
      'root-mismatch',
      'root-mismatch',
      'wrong-depth',
      'other-snapshot',
      'malformed',
    ]);
    // The odd last node must sit beside the empty node: a made-up sibling there is refused.
    const last = leaves[4] as Hand & { key: Buffer };
    const odd = proofFrom(levels, 4, last.key, last.sum);
    odd.siblings[0] = { hash: hex(keyOf(9)), sum: '0.00000000' };
    expect(await verifyProof(odd, record, nodeCrypto)).toMatchObject({
      failure: 'odd-node-not-empty',
    });
  });

  it('checks the digest, the key, the signature and the link of a record', async () => {
    const { publicKey, privateKey } = generateKeyPairSync('ed25519');
    const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(12);
    const keyId = hex(sha(raw)).slice(0, 16);
    const signed = (fields: ProofRecord): ProofRecord => {
      const digest = sha(Buffer.from(recordDigestText(fields)));
      return {
        ...fields,
        digest: hex(digest),
        keyId,
        signature: sign(null, digest, privateKey).toString('base64'),
      };
    };
    const first = signed(recordFor(sortedLeaves(3)[0] as Hand, 1, 1));
    const second = signed({ ...recordFor(empty, 0, 2), previous: first.digest });
    expect(recordDigestText(second)).toBe(
      `btcp-proof-v1|2|2026-12-06T00:00:00.000Z|0|0.00000000|${'0'.repeat(64)}|${first.digest}`,
    );
    const key = raw.toString('base64');
    expect(await verifyRecord(first, key, null, nodeCrypto)).toEqual({
      ok: true,
      digest: first.digest,
      linkChecked: true,
    });
    expect(await verifyRecord(second, key, first.digest, nodeCrypto)).toMatchObject({ ok: true });
    // WebCrypto, as the browser runs it, agrees.
    expect(
      await verifyRecord(second, key, first.digest, subtleProofCrypto(globalThis.crypto.subtle)),
    ).toMatchObject({
      ok: true,
    });
    const other = generateKeyPairSync('ed25519')
      .publicKey.export({ format: 'der', type: 'spki' })
      .subarray(12);
    const otherSignature = sign(
      null,
      Buffer.from(second.digest, 'hex'),
      generateKeyPairSync('ed25519').privateKey,
    );
    const failures = await Promise.all(
      [
        verifyRecord({ ...second, total: '1.00000000' }, key, first.digest, nodeCrypto),
        verifyRecord(second, other.toString('base64'), first.digest, nodeCrypto),
        verifyRecord(
          { ...second, signature: otherSignature.toString('base64') },
          key,
          first.digest,
          nodeCrypto,
        ),
        verifyRecord(second, key, null, nodeCrypto),
        verifyRecord(second, 'not base64!', first.digest, nodeCrypto),
      ].map(async (result) => ((await result) as { failure?: string }).failure),
    );
    expect(failures).toEqual([
      'digest-mismatch',
      'key-mismatch',
      'bad-signature',
      'broken-chain',
      'malformed',
    ]);
  });

  it('checks a downloaded proof file whole', async () => {
    const { publicKey, privateKey } = generateKeyPairSync('ed25519');
    const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(12);
    const { leaves, levels } = handTrees()[2] as ReturnType<typeof handTrees>[number];
    const unsigned = recordFor(levels.at(-1)?.[0] as Hand, 3);
    const digest = sha(Buffer.from(recordDigestText(unsigned)));
    const record = {
      ...unsigned,
      digest: hex(digest),
      keyId: hex(sha(raw)).slice(0, 16),
      signature: sign(null, digest, privateKey).toString('base64'),
    };
    const member = leaves[2] as Hand & { key: Buffer };
    const download = {
      proof: proofFrom(levels, 2, member.key, member.sum),
      record,
      publicKey: raw.toString('base64'),
    };
    expect(await verifyDownload(download, nodeCrypto)).toMatchObject({ ok: true });
    const forged = {
      ...download,
      proof: { ...download.proof, amount: formatProofAmount(member.sum * 2n) },
    };
    expect(await verifyDownload(forged, nodeCrypto)).toMatchObject({ ok: false, part: 'proof' });
  });
});
