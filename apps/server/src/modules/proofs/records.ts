import type { ProofRecord, ProofSnapshotsPage } from '@btcp/shared';
import { desc, eq, lt } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { proofSnapshots } from '#server/db/schema.ts';

/** The public log of records (D27): newest first, a page at a time by keyset. */
const recordColumns = {
  id: proofSnapshots.id,
  takenAt: proofSnapshots.takenAt,
  leafCount: proofSnapshots.leafCount,
  total: proofSnapshots.total,
  root: proofSnapshots.root,
  previous: proofSnapshots.previous,
  digest: proofSnapshots.digest,
  signature: proofSnapshots.signature,
  keyId: proofSnapshots.keyId,
  label: proofSnapshots.label,
};

type RecordRow = Omit<ProofRecord, 'takenAt'> & { takenAt: Date };

const toRecord = (row: RecordRow): ProofRecord => ({ ...row, takenAt: row.takenAt.toISOString() });

export async function recordsPage(
  db: Database,
  query: { before?: number; limit: number },
): Promise<ProofSnapshotsPage> {
  const rows = await db
    .select(recordColumns)
    .from(proofSnapshots)
    .where(query.before ? lt(proofSnapshots.id, query.before) : undefined)
    .orderBy(desc(proofSnapshots.id))
    .limit(query.limit + 1);
  const items = rows.slice(0, query.limit).map(toRecord);
  return { items, nextBefore: rows.length > query.limit ? (items.at(-1)?.id ?? null) : null };
}

export async function recordById(db: Database, id: number): Promise<ProofRecord | null> {
  const [row] = await db
    .select(recordColumns)
    .from(proofSnapshots)
    .where(eq(proofSnapshots.id, id));
  return row ? toRecord(row) : null;
}
