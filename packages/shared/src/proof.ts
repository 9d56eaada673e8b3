import type { MemberProof, ProofDownload, ProofRecord } from './proof-schemas.ts';

/**
 * Proof of balances, format version 1 (D27, decision 053; the README spells it out for independent
 * verifiers). Pure functions for Node and the browser: the hashing and signature checks come in
 * through `ProofCrypto`, so the browser passes WebCrypto and Node passes node:crypto. Zod-free.
 */
export const PROOF_FORMAT_VERSION = 1;
export const PROOF_DIGEST_PREFIX = 'btcp-proof-v1';

export interface ProofCrypto {
  sha256(bytes: Uint8Array): Promise<Uint8Array>;
  verifyEd25519(
    publicKeyRaw: Uint8Array,
    signature: Uint8Array,
    message: Uint8Array,
  ): Promise<boolean>;
}

/** A node of the Merkle sum tree: its hash and the sum of the amounts beneath it, in 10⁻⁸ units. */
export interface ProofNode {
  hash: Uint8Array;
  sum: bigint;
}

const U128_LIMIT = 1n << 128n;
const AMOUNT_PATTERN = /^(0|[1-9]\d{0,29})\.(\d{8})$/;

/** The node an odd last node is paired with, and the root of a tree without leaves. */
export const EMPTY_NODE: ProofNode = Object.freeze({ hash: new Uint8Array(32), sum: 0n });

/** '12.50000000' → 1250000000n. Exactly 8 places, as the API writes them; anything else throws. */
export function parseProofAmount(decimal: string): bigint {
  const match = AMOUNT_PATTERN.exec(decimal);
  if (!match) throw new Error(`not an amount with exactly 8 places: ${decimal}`);
  return BigInt(match[1] ?? '0') * 100_000_000n + BigInt(match[2] ?? '0');
}

/** 1250000000n → '12.50000000'. */
export function formatProofAmount(units: bigint): string {
  if (units < 0n) throw new Error('an amount in a proof is never negative');
  return `${units / 100_000_000n}.${(units % 100_000_000n).toString().padStart(8, '0')}`;
}

/** 16-byte unsigned big-endian. */
export function u128(units: bigint): Uint8Array {
  if (units < 0n || units >= U128_LIMIT) throw new Error('amount outside u128');
  const bytes = new Uint8Array(16);
  let rest = units;
  for (let i = 15; i >= 0; i--) {
    bytes[i] = Number(rest & 0xffn);
    rest >>= 8n;
  }
  return bytes;
}

/** 0x00 ‖ leafKey ‖ u128(amount): the leaf hash is SHA-256 of this. */
export function leafPreimage(leafKey: Uint8Array, amount: bigint): Uint8Array {
  if (leafKey.length !== 32) throw new Error('a leaf key is 32 bytes');
  const bytes = new Uint8Array(49);
  bytes.set(leafKey, 1);
  bytes.set(u128(amount), 33);
  return bytes;
}

/** 0x01 ‖ L.hash ‖ u128(L.sum) ‖ R.hash ‖ u128(R.sum): the parent hash is SHA-256 of this. */
export function nodePreimage(left: ProofNode, right: ProofNode): Uint8Array {
  const bytes = new Uint8Array(97);
  bytes[0] = 1;
  bytes.set(left.hash, 1);
  bytes.set(u128(left.sum), 33);
  bytes.set(right.hash, 49);
  bytes.set(u128(right.sum), 81);
  return bytes;
}

type DigestFields = Pick<
  ProofRecord,
  'id' | 'takenAt' | 'leafCount' | 'total' | 'root' | 'previous'
>;

/** The text whose SHA-256 is the record's digest. */
export function recordDigestText(record: DigestFields): string {
  const { id, takenAt, leafCount, total, root, previous } = record;
  return `${PROOF_DIGEST_PREFIX}|${id}|${takenAt}|${leafCount}|${total}|${root}|${previous ?? ''}`;
}

export const recordDigestBytes = (record: DigestFields): Uint8Array =>
  new TextEncoder().encode(recordDigestText(record));

export function bytesToHex(bytes: Uint8Array): string {
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

export function hexToBytes(hex: string): Uint8Array {
  if (!/^(?:[0-9a-f]{2})*$/i.test(hex)) throw new Error('not hex');
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++)
    bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function base64ToBytes(base64: string): Uint8Array {
  const binary = atob(base64);
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** A key's id: the first 16 hex digits of SHA-256 of its raw 32 bytes. */
export async function proofKeyId(publicKeyRaw: Uint8Array, crypto: ProofCrypto): Promise<string> {
  return bytesToHex(await crypto.sha256(publicKeyRaw)).slice(0, 16);
}

/** How many levels of siblings a tree of `leafCount` leaves has. */
export function proofDepth(leafCount: number): number {
  let depth = 0;
  for (let width = leafCount; width > 1; width = Math.ceil(width / 2)) depth++;
  return depth;
}

export type ProofFailure =
  | 'malformed'
  | 'other-snapshot'
  | 'index-out-of-range'
  | 'wrong-depth'
  | 'odd-node-not-empty'
  | 'root-mismatch'
  | 'total-mismatch';

export type RecordFailure =
  | 'malformed'
  | 'digest-mismatch'
  | 'key-mismatch'
  | 'bad-signature'
  | 'broken-chain';

export type ProofResult =
  | { ok: true; root: string; total: string }
  | { ok: false; failure: ProofFailure; message: string };

export type RecordResult =
  | { ok: true; digest: string; linkChecked: boolean }
  | { ok: false; failure: RecordFailure; message: string };

export type DownloadResult =
  | { ok: true; record: RecordResult & { ok: true }; proof: ProofResult & { ok: true } }
  | { ok: false; part: 'record'; result: RecordResult & { ok: false } }
  | { ok: false; part: 'proof'; result: ProofResult & { ok: false } };

const proofFailure = (failure: ProofFailure, message: string): ProofResult => ({
  ok: false,
  failure,
  message,
});
const recordFailure = (failure: RecordFailure, message: string): RecordResult => ({
  ok: false,
  failure,
  message,
});

async function hashNode(
  left: ProofNode,
  right: ProofNode,
  crypto: ProofCrypto,
): Promise<ProofNode> {
  return { hash: await crypto.sha256(nodePreimage(left, right)), sum: left.sum + right.sum };
}

function parseSibling(sibling: MemberProof['siblings'][number]): ProofNode {
  const hash = hexToBytes(sibling.hash);
  if (hash.length !== 32) throw new Error('a sibling hash is 32 bytes');
  return { hash, sum: parseProofAmount(sibling.sum) };
}

const isEmptyNode = (node: ProofNode) => node.sum === 0n && node.hash.every((byte) => byte === 0);

/** Checks that the member's leaf, climbed with its siblings, gives the record's root and total. */
export async function verifyProof(
  proof: MemberProof,
  record: ProofRecord,
  crypto: ProofCrypto,
): Promise<ProofResult> {
  if (proof.snapshotId !== record.id) {
    return proofFailure(
      'other-snapshot',
      `The proof is for snapshot ${proof.snapshotId}, the record is ${record.id}.`,
    );
  }
  if (!Number.isSafeInteger(proof.index) || proof.index < 0 || proof.index >= record.leafCount) {
    return proofFailure(
      'index-out-of-range',
      `Leaf ${proof.index} is outside the ${record.leafCount} leaves.`,
    );
  }
  const depth = proofDepth(record.leafCount);
  if (proof.siblings.length !== depth) {
    return proofFailure(
      'wrong-depth',
      `The proof has ${proof.siblings.length} siblings; the tree is ${depth} deep.`,
    );
  }
  let node: ProofNode;
  let siblings: ProofNode[];
  try {
    const amount = parseProofAmount(proof.amount);
    node = {
      hash: await crypto.sha256(leafPreimage(hexToBytes(proof.leafKey), amount)),
      sum: amount,
    };
    siblings = proof.siblings.map(parseSibling);
  } catch (error) {
    return proofFailure('malformed', `The proof cannot be read: ${(error as Error).message}.`);
  }
  let width = record.leafCount;
  for (const [level, sibling] of siblings.entries()) {
    const position = Math.floor(proof.index / 2 ** level);
    const isRight = position % 2 === 1;
    if (!isRight && position === width - 1 && !isEmptyNode(sibling)) {
      return proofFailure(
        'odd-node-not-empty',
        `At level ${level} the last node must pair with the empty node.`,
      );
    }
    node = isRight ? await hashNode(sibling, node, crypto) : await hashNode(node, sibling, crypto);
    width = Math.ceil(width / 2);
  }
  const root = bytesToHex(node.hash);
  if (root !== record.root) {
    return proofFailure('root-mismatch', 'The proof does not lead to the published root.');
  }
  if (formatProofAmount(node.sum) !== record.total) {
    return proofFailure(
      'total-mismatch',
      'The sums in the proof do not add up to the published total.',
    );
  }
  return { ok: true, root, total: record.total };
}

/**
 * Checks a record's digest, that `publicKey` (base64, raw 32 bytes) is the key it names and signed
 * it, and, unless `previousDigest` is undefined (not known), that it links to that previous record
 * (null: it must be the first).
 */
export async function verifyRecord(
  record: ProofRecord,
  publicKey: string,
  previousDigest: string | null | undefined,
  crypto: ProofCrypto,
): Promise<RecordResult> {
  let keyRaw: Uint8Array;
  let signature: Uint8Array;
  try {
    keyRaw = base64ToBytes(publicKey);
    signature = base64ToBytes(record.signature);
    if (keyRaw.length !== 32 || signature.length !== 64) throw new Error('wrong length');
  } catch {
    return recordFailure(
      'malformed',
      'The key or the signature is not valid base64 of the right length.',
    );
  }
  const digestBytes = await crypto.sha256(recordDigestBytes(record));
  const digest = bytesToHex(digestBytes);
  if (digest !== record.digest) {
    return recordFailure('digest-mismatch', 'The record’s digest does not match its contents.');
  }
  if ((await proofKeyId(keyRaw, crypto)) !== record.keyId) {
    return recordFailure(
      'key-mismatch',
      `The record names key ${record.keyId}, not the key given.`,
    );
  }
  if (!(await crypto.verifyEd25519(keyRaw, signature, digestBytes))) {
    return recordFailure('bad-signature', 'The signature does not match the record.');
  }
  if (previousDigest !== undefined && record.previous !== previousDigest) {
    return recordFailure('broken-chain', 'The record does not link to the previous record.');
  }
  return { ok: true, digest, linkChecked: previousDigest !== undefined };
}

/** A downloaded proof file checked whole: the record's signature, then the proof against it. */
export async function verifyDownload(
  download: ProofDownload,
  crypto: ProofCrypto,
): Promise<DownloadResult> {
  const record = await verifyRecord(download.record, download.publicKey, undefined, crypto);
  if (!record.ok) return { ok: false, part: 'record', result: record };
  const proof = await verifyProof(download.proof, download.record, crypto);
  if (!proof.ok) return { ok: false, part: 'proof', result: proof };
  return { ok: true, record, proof };
}

/** The part of WebCrypto's SubtleCrypto the verifier uses (typed here: the server has no DOM types). */
export interface SubtleVerifier {
  digest(algorithm: 'SHA-256', data: Uint8Array<ArrayBuffer>): Promise<ArrayBuffer>;
  importKey(
    format: 'raw',
    keyData: Uint8Array<ArrayBuffer>,
    algorithm: { name: 'Ed25519' },
    extractable: false,
    usages: ['verify'],
  ): Promise<CryptoKeyLike>;
  verify(
    algorithm: { name: 'Ed25519' },
    key: CryptoKeyLike,
    signature: Uint8Array<ArrayBuffer>,
    data: Uint8Array<ArrayBuffer>,
  ): Promise<boolean>;
}
// biome-ignore lint/suspicious/noExplicitAny: WebCrypto's CryptoKey, opaque to the verifier.
type CryptoKeyLike = any;

/** `ProofCrypto` over WebCrypto (browsers with Ed25519; Node's globalThis.crypto.subtle too). */
export function subtleProofCrypto(subtle: SubtleVerifier): ProofCrypto {
  const view = (bytes: Uint8Array) => new Uint8Array(bytes);
  return {
    sha256: async (bytes) => new Uint8Array(await subtle.digest('SHA-256', view(bytes))),
    verifyEd25519: async (publicKeyRaw, signature, message) => {
      try {
        const key = await subtle.importKey('raw', view(publicKeyRaw), { name: 'Ed25519' }, false, [
          'verify',
        ]);
        return await subtle.verify({ name: 'Ed25519' }, key, view(signature), view(message));
      } catch {
        return false;
      }
    },
  };
}
