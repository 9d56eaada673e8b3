import {
  type ProofCrypto,
  type RecordFailure,
  verifyProof,
  verifyRecord,
} from '@btcp/shared/proof';
import type { ProofDownload, ProofKeys, ProofRecord } from '@btcp/shared/proof-schemas';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { getMemberProof } from '../api/get-member-proof.ts';
import { getProofKeys } from '../api/get-proof-keys.ts';
import { getProofRecord } from '../api/get-proof-records.ts';
import { browserProofCrypto } from './browser-proof-crypto.ts';
import { keyFor } from './key-for.ts';
import { rememberRecord } from './remembered-records.ts';

/** What did not match, in a heading's words, and the verifier's detail under it. */
export interface Mismatch {
  what: string;
  detail: string;
}

export type MemberProofCheck =
  /** The member had no balance at the latest snapshot, or none has been taken: the server's words. */
  | { status: 'none'; message: string }
  | { status: 'verified'; download: ProofDownload }
  | { status: 'failed'; download: ProofDownload; mismatch: Mismatch }
  /** This browser has no Ed25519 in WebCrypto: nothing was judged either way. */
  | { status: 'unsupported'; download: ProofDownload };

const recordWhat: Record<RecordFailure, string> = {
  malformed: 'The record cannot be read',
  'digest-mismatch': 'The record’s digest does not match its contents',
  'key-mismatch': 'The record’s signature does not check out',
  'bad-signature': 'The record’s signature does not check out',
  'broken-chain': 'The record does not link to the previous record',
};

const notFound = (error: unknown): error is ApiRequestError =>
  error instanceof ApiRequestError && error.status === 404;

/** The digest the previous record really has (recomputed and signed), or what went wrong. */
async function previousDigest(
  previous: ProofRecord | null,
  keys: ProofKeys,
  crypto: ProofCrypto,
): Promise<string | null | Mismatch> {
  if (!previous) return null;
  const key = keyFor(keys, previous.keyId);
  const checked = key ? await verifyRecord(previous, key, undefined, crypto) : null;
  if (checked?.ok) return checked.digest;
  return {
    what: 'The record does not link to the previous record',
    detail: `The previous record (#${previous.id}) does not check out: ${checked?.message ?? 'its signing key is not published.'}`,
  };
}

/** Checks a proof and its record (digest, signature, link) with the browser's crypto. */
export async function judgeDownload(
  download: ProofDownload,
  previous: ProofRecord | null,
  keys: ProofKeys,
  crypto: ProofCrypto,
): Promise<Mismatch | null> {
  const link = await previousDigest(previous, keys, crypto);
  if (link !== null && typeof link === 'object') return link;
  const record = await verifyRecord(download.record, download.publicKey, link, crypto);
  if (!record.ok) return { what: recordWhat[record.failure], detail: record.message };
  const proof = await verifyProof(download.proof, download.record, crypto);
  if (!proof.ok) {
    return { what: 'Your proof does not lead to the published total', detail: proof.message };
  }
  return null;
}

/**
 * The wallet card's check: the member's latest proof, its record, the record before it and the
 * keys, all from the public API, verified here. A verified record is remembered (localStorage).
 */
export async function checkMemberProof(signal?: AbortSignal): Promise<MemberProofCheck> {
  let proof: Awaited<ReturnType<typeof getMemberProof>>;
  try {
    proof = await getMemberProof(signal);
  } catch (error) {
    if (notFound(error)) return { status: 'none', message: error.message };
    throw error;
  }
  const id = proof.snapshotId;
  // As the server has them now: a record just published, a key just rotated in.
  const read = { signal, fresh: true };
  const [record, previous, keys] = await Promise.all([
    getProofRecord(id, read),
    id > 1 ? getProofRecord(id - 1, read).catch(missingPrevious) : null,
    getProofKeys(read),
  ]);
  const download: ProofDownload = { proof, record, publicKey: keyFor(keys, record.keyId) ?? '' };
  if (!download.publicKey) {
    const mismatch = {
      what: 'The record’s signature does not check out',
      detail: `The record names key ${record.keyId}, which the server does not publish.`,
    };
    return { status: 'failed', download, mismatch };
  }
  const crypto = await browserProofCrypto();
  if (!crypto) return { status: 'unsupported', download };
  if (previous === 'missing') {
    const detail = `The published log has no record #${id - 1} before this one.`;
    return { status: 'failed', download, mismatch: { what: recordWhat['broken-chain'], detail } };
  }
  const mismatch = await judgeDownload(download, previous, keys, crypto);
  if (mismatch) return { status: 'failed', download, mismatch };
  rememberRecord(record);
  return { status: 'verified', download };
}

function missingPrevious(error: unknown): 'missing' {
  if (notFound(error)) return 'missing';
  throw error;
}
