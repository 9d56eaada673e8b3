import { formatProofAmount, type MemberProof, proofMessages } from '@btcp/shared';
import { and, desc, eq, lte } from 'drizzle-orm';
import type { ServiceContext } from '#server/context.ts';
import type { Database } from '#server/db/client.ts';
import {
  proofLeafChunks,
  proofPositionChunks,
  proofSnapshots,
  proofUpperLevels,
} from '#server/db/schema.ts';
import { notFound } from '#server/errors.ts';
import { asBuffer, POSITION_ENTRY_BYTES, uuidBytes } from './ids.ts';
import { leafKeyOf, leafSecret } from './keys.ts';
import { chunkLevels, LEAVES_PER_CHUNK, nodeAt, readSum, siblingsOf } from './tree.ts';

/**
 * A member's proof, served from what the snapshot stored: their position from the position
 * chunks, their leaf chunk (the levels inside it rebuilt), and the upper levels, which never
 * change once written and so are kept in memory for the last few snapshots.
 */
const UPPER_CACHE_SIZE = 4;
const upperCaches = new WeakMap<Database, Map<number, Buffer>>();

export interface SnapshotTree {
  id: number;
  leafCount: number;
  upper: Buffer;
}

async function upperLevels(db: Database, snapshotId: number): Promise<Buffer> {
  const cache = upperCaches.get(db) ?? new Map<number, Buffer>();
  upperCaches.set(db, cache);
  const cached = cache.get(snapshotId);
  if (cached) return cached;
  const [row] = await db
    .select({ nodes: proofUpperLevels.nodes })
    .from(proofUpperLevels)
    .where(eq(proofUpperLevels.snapshotId, snapshotId));
  if (!row) throw notFound(proofMessages.proofsExpired);
  const nodes = asBuffer(row.nodes);
  cache.set(snapshotId, nodes);
  if (cache.size > UPPER_CACHE_SIZE) cache.delete(cache.keys().next().value as number);
  return nodes;
}

/** A snapshot whose proofs are still kept (the newest when `snapshotId` is undefined). */
export async function snapshotTree(
  db: Database,
  snapshotId: number | undefined,
): Promise<SnapshotTree> {
  const columns = {
    id: proofSnapshots.id,
    leafCount: proofSnapshots.leafCount,
    proofsDeletedAt: proofSnapshots.proofsDeletedAt,
  };
  const [row] = snapshotId
    ? await db.select(columns).from(proofSnapshots).where(eq(proofSnapshots.id, snapshotId))
    : await db.select(columns).from(proofSnapshots).orderBy(desc(proofSnapshots.id)).limit(1);
  if (!row) throw notFound(snapshotId ? proofMessages.snapshotNotFound : proofMessages.noSnapshot);
  if (row.proofsDeletedAt) throw notFound(proofMessages.proofsExpired);
  return { id: row.id, leafCount: row.leafCount, upper: await upperLevels(db, row.id) };
}

/** The leaf position of `userId` in a snapshot, by binary search in its position chunk. */
async function positionOf(
  db: Database,
  snapshotId: number,
  userId: string,
): Promise<number | null> {
  const [row] = await db
    .select({ entries: proofPositionChunks.entries })
    .from(proofPositionChunks)
    .where(
      and(
        eq(proofPositionChunks.snapshotId, snapshotId),
        lte(proofPositionChunks.firstUserId, userId),
      ),
    )
    .orderBy(desc(proofPositionChunks.firstUserId))
    .limit(1);
  if (!row) return null;
  const entries = asBuffer(row.entries);
  const wanted = uuidBytes(userId);
  let low = 0;
  let high = entries.length / POSITION_ENTRY_BYTES - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const start = middle * POSITION_ENTRY_BYTES;
    const order = Buffer.compare(entries.subarray(start, start + 16), wanted);
    if (order === 0) return entries.readUInt32BE(start + 16);
    if (order < 0) low = middle + 1;
    else high = middle - 1;
  }
  return null;
}

/** The proof of the leaf at `position`, given its chunk's levels (`chunkLevels`). */
export function memberProofFrom(
  tree: SnapshotTree,
  position: number,
  local: Buffer[],
  leafKey: Buffer,
): MemberProof {
  const leaf = nodeAt(local[0] as Buffer, position % LEAVES_PER_CHUNK);
  return {
    snapshotId: tree.id,
    leafKey: leafKey.toString('hex'),
    amount: formatProofAmount(readSum(leaf, 0)),
    index: position,
    siblings: siblingsOf(position, tree.leafCount, local, tree.upper).map((sibling) => ({
      hash: sibling.hash.toString('hex'),
      sum: formatProofAmount(sibling.sum),
    })),
  };
}

/** GET /api/wallet/proof: the caller's proof in a snapshot (`snapshotTree`'s, kept by the route). */
export async function memberProof(
  ctx: Pick<ServiceContext, 'db' | 'config'>,
  userId: string,
  tree: SnapshotTree,
): Promise<MemberProof> {
  const position = await positionOf(ctx.db, tree.id, userId);
  if (position === null) throw notFound(proofMessages.noBalanceThen);
  const [[chunk], secret] = await Promise.all([
    ctx.db
      .select({ nodes: proofLeafChunks.nodes })
      .from(proofLeafChunks)
      .where(
        and(
          eq(proofLeafChunks.snapshotId, tree.id),
          eq(proofLeafChunks.chunk, Math.floor(position / LEAVES_PER_CHUNK)),
        ),
      ),
    leafSecret(ctx),
  ]);
  // Retention deleted it between the reads: the same answer as for an expired snapshot.
  if (!chunk) throw notFound(proofMessages.proofsExpired);
  return memberProofFrom(
    tree,
    position,
    chunkLevels(asBuffer(chunk.nodes)),
    leafKeyOf(secret, tree.id, userId),
  );
}
