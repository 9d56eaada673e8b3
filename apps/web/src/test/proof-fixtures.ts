import {
  bytesToBase64,
  bytesToHex,
  EMPTY_NODE,
  formatProofAmount,
  leafPreimage,
  nodePreimage,
  type ProofNode,
  parseProofAmount,
  recordDigestBytes,
} from '@btcp/shared/proof';
import type { MemberProof, ProofKeys, ProofRecord } from '@btcp/shared/proof-schemas';

const subtle = globalThis.crypto.subtle;
const sha256 = async (bytes: Uint8Array) =>
  new Uint8Array(await subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));

/** A signing key as the server keeps one, made with WebCrypto: what a test signs records with. */
export async function makeSigningKey() {
  const pair = (await subtle.generateKey({ name: 'Ed25519' }, true, [
    'sign',
    'verify',
  ])) as CryptoKeyPair;
  const raw = new Uint8Array(await subtle.exportKey('raw', pair.publicKey));
  const keyId = bytesToHex(await sha256(raw)).slice(0, 16);
  const keys: ProofKeys = {
    algorithm: 'Ed25519',
    keyId,
    publicKey: bytesToBase64(raw),
    keys: [
      {
        keyId,
        publicKey: bytesToBase64(raw),
        createdAt: '2026-01-01T00:00:00.000Z',
        retiredAt: null,
      },
    ],
  };
  return { privateKey: pair.privateKey, keyId, keys };
}

type SigningKey = Awaited<ReturnType<typeof makeSigningKey>>;

/**
 * A snapshot built by the format's rules, independently of the web code under test: leaves
 * ordered by hash, levels paired with the empty node, every member's proof, the signed record.
 */
export async function makeSnapshot(
  amounts: string[],
  {
    id,
    previous,
    key,
    takenAt = '2026-12-01T00:00:00.000Z',
  }: {
    id: number;
    previous: string | null;
    key: SigningKey;
    takenAt?: string;
  },
) {
  const leaves = await Promise.all(
    amounts.map(async (amount) => {
      const leafKey = crypto.getRandomValues(new Uint8Array(32));
      const sum = parseProofAmount(amount);
      return { amount, leafKey, node: { hash: await sha256(leafPreimage(leafKey, sum)), sum } };
    }),
  );
  leaves.sort((a, b) => bytesToHex(a.node.hash).localeCompare(bytesToHex(b.node.hash)));
  const levels: ProofNode[][] = [leaves.map((leaf) => leaf.node)];
  for (let level = levels[0] as ProofNode[]; level.length > 1; ) {
    const next: ProofNode[] = [];
    for (let i = 0; i < level.length; i += 2) {
      const left = level[i] as ProofNode;
      const right = level[i + 1] ?? EMPTY_NODE;
      next.push({ hash: await sha256(nodePreimage(left, right)), sum: left.sum + right.sum });
    }
    levels.push(next);
    level = next;
  }
  const root = levels.at(-1)?.[0] ?? EMPTY_NODE;
  const fields = {
    id,
    takenAt,
    leafCount: leaves.length,
    total: formatProofAmount(root.sum),
    root: bytesToHex(root.hash),
    previous,
  };
  const digestBytes = await sha256(recordDigestBytes(fields));
  const signature = new Uint8Array(
    await subtle.sign({ name: 'Ed25519' }, key.privateKey, digestBytes as Uint8Array<ArrayBuffer>),
  );
  const record: ProofRecord = {
    ...fields,
    digest: bytesToHex(digestBytes),
    signature: bytesToBase64(signature),
    keyId: key.keyId,
    label: null,
  };
  const proofs: MemberProof[] = leaves.map((leaf, index) => ({
    snapshotId: id,
    leafKey: bytesToHex(leaf.leafKey),
    amount: leaf.amount,
    index,
    siblings: levels.slice(0, -1).map((level, depth) => {
      const sibling = level[(index >> depth) ^ 1] ?? EMPTY_NODE;
      return { hash: bytesToHex(sibling.hash), sum: formatProofAmount(sibling.sum) };
    }),
  }));
  /** The proof of the leaf whose amount is `amount`. */
  const proofOf = (amount: string) =>
    proofs.find((proof) => proof.amount === amount) as MemberProof;
  return { record, proofs, proofOf };
}

/** A chain of signed records, oldest first, each over `amounts`. */
export async function makeChain(count: number, amounts: string[], key: SigningKey) {
  const snapshots: Awaited<ReturnType<typeof makeSnapshot>>[] = [];
  for (let id = 1; id <= count; id++) {
    const previous = snapshots.at(-1)?.record.digest ?? null;
    const takenAt = `2026-12-${String(id).padStart(2, '0')}T00:00:00.000Z`;
    snapshots.push(await makeSnapshot(amounts, { id, previous, key, takenAt }));
  }
  return snapshots;
}
