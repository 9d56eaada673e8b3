import type { Staff } from '@btcp/shared';
import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { ServiceContext } from '#server/context.ts';
import type { Database } from '#server/db/client.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import {
  proofLeafChunks,
  proofPositionChunks,
  proofSnapshots,
  proofUpperLevels,
} from '#server/db/schema.ts';
import { audit } from '#server/modules/audit/index.ts';
import { SnapshotBusyError } from './snapshot.ts';
import { takeSnapshot } from './snapshot-process.ts';

/**
 * When snapshots are taken and how long their proofs are kept (docs/decisions/053-proof-of-balances.md):
 * daily from 00:00 UTC by whichever process gets there first, on an admin's demand, and the proofs
 * of an unlabelled snapshot deleted after 30 days (its record stays).
 */
export const PROOF_RETENTION_DAYS = 30;
const DAY_MS = 86_400_000;
const RETRY_AFTER_FAILURE_MS = 10 * 60_000;
const lastFailure = new WeakMap<Database, number>();

/**
 * The day's snapshot, if nobody took it yet: every process calls this each minute; the advisory
 * lock lets one of them in at a time and the unique day makes a second one for the day impossible.
 */
export async function takeDailySnapshot(
  ctx: Pick<ServiceContext, 'db' | 'config' | 'clock'>,
): Promise<number | null> {
  const now = ctx.clock.now();
  const day = now.toISOString().slice(0, 10);
  // A snapshot that failed (the ledger check, say) reads every wallet again: not every minute.
  if (now.getTime() - (lastFailure.get(ctx.db) ?? 0) < RETRY_AFTER_FAILURE_MS) return null;
  const [taken] = await ctx.db
    .select({ id: proofSnapshots.id })
    .from(proofSnapshots)
    .where(eq(proofSnapshots.dailyFor, day));
  if (taken) return null;
  try {
    return await takeSnapshot(ctx, { dailyFor: day });
  } catch (error) {
    if (error instanceof SnapshotBusyError || isUniqueViolation(error)) return null;
    lastFailure.set(ctx.db, now.getTime());
    throw error;
  }
}

/** An admin's "Take a snapshot now", audited. */
export async function takeSnapshotNow(
  ctx: Pick<ServiceContext, 'db' | 'config' | 'clock'>,
  staff: Staff,
  label: string | null,
): Promise<number> {
  let id: number | null;
  try {
    id = await takeSnapshot(ctx, { label });
  } catch (error) {
    if (isUniqueViolation(error)) throw new SnapshotBusyError('another snapshot took this id');
    throw error;
  }
  if (id === null) throw new Error('an on-demand snapshot is never skipped');
  await audit(
    ctx.db,
    staff,
    'proof.snapshot.take',
    { type: 'proof_snapshot', id: String(id) },
    { label },
  );
  return id;
}

/** Names a snapshot (a labelled one keeps its proofs forever) or clears its name, audited. */
export async function labelSnapshot(
  db: Database,
  staff: Staff,
  id: number,
  label: string | null,
): Promise<boolean> {
  const name = label?.trim() || null;
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(proofSnapshots)
      .set({ label: name })
      .where(eq(proofSnapshots.id, id))
      .returning({ id: proofSnapshots.id });
    if (updated.length === 0) return false;
    await audit(
      tx,
      staff,
      'proof.snapshot.label',
      { type: 'proof_snapshot', id: String(id) },
      { label: name },
    );
    return true;
  });
}

/** Deletes the proofs of unlabelled snapshots taken 30 days ago or more; the records stay. */
export async function purgeExpiredProofs(db: Database, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - PROOF_RETENTION_DAYS * DAY_MS);
  const expired = await db
    .select({ id: proofSnapshots.id })
    .from(proofSnapshots)
    .where(
      and(
        isNull(proofSnapshots.label),
        isNull(proofSnapshots.proofsDeletedAt),
        lt(proofSnapshots.takenAt, cutoff),
      ),
    );
  for (const { id } of expired) {
    await db.transaction(async (tx) => {
      // A label set meanwhile keeps them: the mark is set only on a snapshot still unlabelled.
      const marked = await tx
        .update(proofSnapshots)
        .set({ proofsDeletedAt: now })
        .where(and(eq(proofSnapshots.id, id), isNull(proofSnapshots.label)))
        .returning({ id: proofSnapshots.id });
      if (marked.length === 0) return;
      const ids = [id];
      await tx.delete(proofLeafChunks).where(inArray(proofLeafChunks.snapshotId, ids));
      await tx.delete(proofPositionChunks).where(inArray(proofPositionChunks.snapshotId, ids));
      await tx.delete(proofUpperLevels).where(inArray(proofUpperLevels.snapshotId, ids));
    });
  }
  return expired.length;
}
