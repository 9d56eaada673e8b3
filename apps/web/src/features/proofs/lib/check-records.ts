import { verifyRecord } from '@btcp/shared/proof';
import type { ProofKeys, ProofRecord } from '@btcp/shared/proof-schemas';
import { browserProofCrypto } from './browser-proof-crypto.ts';
import { keyFor } from './key-for.ts';

/** One record of the log as this browser judged it: its own signature, and its link back. */
export interface RecordCheck {
  /** null when the digest matches and the key it names signed it; otherwise what went wrong. */
  signatureProblem: string | null;
  /**
   * 'first': the first record, linking to nothing; 'linked': its `previous` is the digest of the
   * record before; 'broken': it is not; 'unknown': the record before has not been loaded yet.
   */
  link: 'first' | 'linked' | 'broken' | 'unknown';
}

function linkOf(record: ProofRecord, before: ProofRecord | undefined): RecordCheck['link'] {
  if (record.id === 1) return record.previous === null ? 'first' : 'broken';
  if (!before) return 'unknown';
  return record.previous === before.digest ? 'linked' : 'broken';
}

/**
 * Checks every record of `records` (the loaded part of the log) with the browser's crypto; null
 * when this browser cannot (no Ed25519 in WebCrypto).
 */
export async function checkRecords(
  records: ProofRecord[],
  keys: ProofKeys,
): Promise<Map<number, RecordCheck> | null> {
  const crypto = await browserProofCrypto();
  if (!crypto) return null;
  const byId = new Map(records.map((record) => [record.id, record]));
  const checks = await Promise.all(
    records.map(async (record): Promise<[number, RecordCheck]> => {
      const key = keyFor(keys, record.keyId);
      const signed = key ? await verifyRecord(record, key, undefined, crypto) : null;
      const signatureProblem = signed?.ok
        ? null
        : (signed?.message ?? `It names key ${record.keyId}, which is not published.`);
      const link = linkOf(record, byId.get(record.id - 1));
      return [record.id, { signatureProblem, link }];
    }),
  );
  return new Map(checks);
}
