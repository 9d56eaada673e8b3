import type { MemberProof } from '@btcp/shared';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { ServiceContext } from '#server/context.ts';
import type { BoundedPages } from '#server/db/notifications/shared-pages.ts';
import { proofLeafChunks, proofPositionChunks } from '#server/db/schema.ts';
import { asBuffer, POSITION_ENTRY_BYTES, uuidBytes } from './ids.ts';
import { leafKeyOf, leafSecret } from './keys.ts';
import { memberProofFrom, type SnapshotTree } from './member-proof.ts';
import { chunkLeafCount, LEAVES_PER_CHUNK, storedChunkLevels } from './tree.ts';

/**
 * The newest snapshot's proofs, held in each process's memory once it is asked for one
 * (docs/decisions/053-proof-of-balances.md): every position entry in one buffer, searched in
 * memory, and every leaf chunk, so a member's first ask reads nothing from the database. About
 * 116 bytes a wallet (116 MB a process for a million), read in pages after the first ask; until
 * then, and for older snapshots, proofs are read from the database as before.
 */
export interface HeldSnapshot {
  /** Every position entry (`POSITION_ENTRY_BYTES`), in user id order. */
  entries: Buffer;
  /** Each leaf chunk's row, by chunk number. */
  chunks: Buffer[];
}

/** Rows to a page while a snapshot is read: about 0.5 MB each, so no page holds a process long. */
const POSITION_ROWS = 400;
const CHUNK_ROWS = 20;

/**
 * Every position entry, copied page by page into one buffer of the size the snapshot says: one
 * concatenation of a million wallets' entries at the end had held the process 50 ms.
 */
async function readPositions(db: ServiceContext['db'], tree: SnapshotTree): Promise<Buffer> {
  const entries = Buffer.alloc(tree.leafCount * POSITION_ENTRY_BYTES);
  let filled = 0;
  let after: string | null = null;
  for (;;) {
    const rows = await db
      .select({
        firstUserId: proofPositionChunks.firstUserId,
        entries: proofPositionChunks.entries,
      })
      .from(proofPositionChunks)
      .where(
        and(
          eq(proofPositionChunks.snapshotId, tree.id),
          after === null ? undefined : gt(proofPositionChunks.firstUserId, after),
        ),
      )
      .orderBy(asc(proofPositionChunks.firstUserId))
      .limit(POSITION_ROWS);
    for (const row of rows) {
      const chunk = asBuffer(row.entries);
      if (filled + chunk.length > entries.length)
        throw new Error(`snapshot ${tree.id} holds too many positions`);
      filled += chunk.copy(entries, filled);
    }
    if (rows.length < POSITION_ROWS) break;
    after = rows.at(-1)?.firstUserId ?? null;
  }
  if (filled !== entries.length) {
    throw new Error(`snapshot ${tree.id} holds ${filled} bytes of positions`);
  }
  return entries;
}

async function readChunks(db: ServiceContext['db'], tree: SnapshotTree): Promise<Buffer[]> {
  const chunks: Buffer[] = [];
  const count = Math.ceil(tree.leafCount / LEAVES_PER_CHUNK);
  while (chunks.length < count) {
    const rows = await db
      .select({ chunk: proofLeafChunks.chunk, nodes: proofLeafChunks.nodes })
      .from(proofLeafChunks)
      .where(
        and(eq(proofLeafChunks.snapshotId, tree.id), gt(proofLeafChunks.chunk, chunks.length - 1)),
      )
      .orderBy(asc(proofLeafChunks.chunk))
      .limit(CHUNK_ROWS);
    for (const row of rows) {
      if (row.chunk !== chunks.length) throw new Error(`leaf chunk ${chunks.length} is missing`);
      chunks.push(asBuffer(row.nodes));
    }
    if (rows.length === 0) throw new Error(`leaf chunk ${chunks.length} is missing`);
  }
  return chunks;
}

/** Reads a snapshot's position entries and leaf chunks whole. */
export async function readHeld(
  db: ServiceContext['db'],
  tree: SnapshotTree,
): Promise<HeldSnapshot> {
  return { entries: await readPositions(db, tree), chunks: await readChunks(db, tree) };
}

/** The leaf position of `userId`, by a binary search of the entries; null when not there. */
export function heldPosition(held: HeldSnapshot, userId: string): number | null {
  const id = uuidBytes(userId);
  let low = 0;
  let high = held.entries.length / POSITION_ENTRY_BYTES - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const at = middle * POSITION_ENTRY_BYTES;
    const order = held.entries.compare(id, 0, 16, at, at + 16);
    if (order === 0) return held.entries.readUInt32BE(at + 16);
    if (order < 0) low = middle + 1;
    else high = middle - 1;
  }
  return null;
}

/** A member's proof from a held snapshot; null when they had no balance then. */
export async function heldProof(
  ctx: Pick<ServiceContext, 'db' | 'config'>,
  held: HeldSnapshot,
  tree: SnapshotTree,
  userId: string,
): Promise<MemberProof | null> {
  const position = heldPosition(held, userId);
  if (position === null) return null;
  const chunk = Math.floor(position / LEAVES_PER_CHUNK);
  const local = storedChunkLevels(
    held.chunks[chunk] as Buffer,
    chunkLeafCount(tree.leafCount, chunk),
  );
  const leafKey = leafKeyOf(await leafSecret(ctx), tree.id, userId);
  return memberProofFrom(tree, position, local, leafKey);
}

/**
 * The held snapshot of `tree` if it is read already; if not, starts reading it (once: `kept`
 * shares one read, forgets it at the next snapshot or purge, and forgets a failed one) and
 * answers null meanwhile, so no member waits for the whole snapshot to arrive.
 */
export function heldNow(
  ctx: Pick<ServiceContext, 'db'>,
  kept: BoundedPages<HeldSnapshot>,
  tree: SnapshotTree,
): HeldSnapshot | null {
  // Not kept, a read would start on every ask: the database serves them until it is kept again.
  if (!kept.keeping()) return null;
  const reading = kept.get(String(tree.id), () => {
    const read = readHeld(ctx.db, tree);
    read.then(
      (held) => arrived.set(read, held),
      () => {},
    );
    return read;
  });
  return arrived.get(reading) ?? null;
}
const arrived = new WeakMap<Promise<HeldSnapshot>, HeldSnapshot>();
