import type { ProofRecord } from '@btcp/shared/proof-schemas';

/** A record this browser has verified: which snapshot, its digest then, and when. */
export interface RememberedRecord {
  id: number;
  digest: string;
  verifiedAt: string;
}

const STORAGE_KEY = 'btcp:proof-records';
/** A daily record for a few years; the oldest are let go first. */
const MAX_REMEMBERED = 2_000;

function isRemembered(value: unknown): value is RememberedRecord {
  const record = value as RememberedRecord | null;
  return (
    typeof record?.id === 'number' &&
    typeof record.digest === 'string' &&
    typeof record.verifiedAt === 'string'
  );
}

/** The records this browser has verified, oldest first; none when storage is off or unreadable. */
export function rememberedRecords(): RememberedRecord[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter(isRemembered) : [];
  } catch {
    return [];
  }
}

/**
 * Keeps a verified record's digest, so a later rewrite of the published log is noticed. The first
 * digest seen for a snapshot stays: a different one later is a finding to keep showing, not news.
 */
export function rememberRecord(record: Pick<ProofRecord, 'id' | 'digest'>, now = new Date()): void {
  const known = rememberedRecords();
  if (known.some((entry) => entry.id === record.id)) return;
  const next = [...known, { id: record.id, digest: record.digest, verifiedAt: now.toISOString() }]
    .sort((a, b) => a.id - b.id)
    .slice(-MAX_REMEMBERED);
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Storage full or off (private mode): the check still ran, it is only not remembered.
  }
}

/** A remembered record the published log no longer shows as this browser verified it. */
export interface VanishedRecord extends RememberedRecord {
  /** 'missing': the log has no record with this id; 'rewritten': it has one with another digest. */
  change: 'missing' | 'rewritten';
}

/** Which remembered records the published log (all of it back to the oldest remembered) lacks. */
export function vanishedRecords(
  remembered: RememberedRecord[],
  published: Map<number, string>,
): VanishedRecord[] {
  return remembered.flatMap((known) => {
    const digest = published.get(known.id);
    if (digest === known.digest) return [];
    return [{ ...known, change: digest === undefined ? 'missing' : 'rewritten' }];
  });
}
