import { formatProofAmount, type MemberProof, proofMessages } from '@btcp/shared';
import { desc, eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { ServiceContext } from '#server/context.ts';
import type { Database } from '#server/db/client.ts';
import { prepared } from '#server/db/prepared.ts';
import {
  proofLeafChunks,
  proofPositionChunks,
  proofSnapshots,
  proofUpperLevels,
} from '#server/db/schema.ts';
import { notFound } from '#server/errors.ts';
import { asBuffer, POSITION_ENTRY_BYTES } from './ids.ts';
import { leafKeyOf, leafSecret } from './keys.ts';
import {
  CHUNK_LEVELS,
  type ChunkPath,
  chunkLeafCount,
  FULL_CHUNK_BYTES,
  fullChunkLevelStart,
  LEAVES_PER_CHUNK,
  NODE_BYTES,
  nodeAt,
  readSum,
  siblingsOf,
  storedChunkLevels,
} from './tree.ts';

/**
 * A member's proof, served from what the snapshot stored: their position from the position
 * chunks, their leaf chunk with the levels inside it (sliced, or rebuilt for a row that holds the
 * leaves alone), and the upper levels, which never change once written and so are kept in memory
 * for the last few snapshots.
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

/**
 * The leaf position of `userId` in a snapshot and what the proof needs of its leaf chunk, in one
 * prepared statement: the member's entry found in the position chunk (`POSITION_ENTRY_BYTES` each:
 * the user id's 16 bytes, then the position as a u32) where the chunk is, then the leaf chunk read
 * by its key. Of a full chunk only the leaf's path comes back (9 nodes, 432 bytes, not the 24 KB
 * row: sending and decoding the row was most of a proof's cost); of a short last chunk, or a row
 * holding leaves alone, the whole row. Prepared, since planning this statement cost more than
 * running it. Null when the member had no balance then, or retention deleted the chunks between
 * reads.
 */
async function leafChunkOf(
  db: Database,
  tree: SnapshotTree,
  userId: string,
): Promise<{ position: number; inChunk: Buffer[] | ChunkPath } | null> {
  const [row] = await prepared(db, 'proof_leaf_path_of', (db, name) =>
    db
      .select({
        position: sql<number>`found.position`,
        path: sql<boolean>`found.path`,
        nodes: sql<Uint8Array>`found.nodes`,
      })
      .from(leafChunkSearch(sql.placeholder('snapshotId'), sql.placeholder('userId')))
      .prepare(name),
  ).execute({ snapshotId: tree.id, userId });
  if (!row) return null;
  const nodes = asBuffer(row.nodes);
  const chunk = Math.floor(row.position / LEAVES_PER_CHUNK);
  return {
    position: row.position,
    inChunk: row.path
      ? { leaf: nodes.subarray(0, NODE_BYTES), siblings: nodes.subarray(NODE_BYTES) }
      : storedChunkLevels(nodes, chunkLeafCount(tree.leafCount, chunk)),
  };
}

/**
 * The entry is found by `position()`, one scan in C, where a binary search written as a recursive
 * query had cost the database twice the rest of the statement. A match off an entry's start (the
 * id's bytes across an entry's position and the next id) is not the member's: then, as when the
 * id is not there at all, the entries are read one by one.
 */
function leafChunkSearch(snapshotId: Placeholder, userId: Placeholder): SQL {
  const size = sql.raw(String(POSITION_ENTRY_BYTES));
  // get_byte counts from 0: an entry's id is its bytes 0 to 15, its position 16 to 19.
  const u32At = (offset: SQL) =>
    sql.join(
      [0, 1, 2, 3].map(
        (byte) =>
          sql`(get_byte(at.entries, ${offset} + ${sql.raw(String(16 + byte))}) << ${sql.raw(String(24 - 8 * byte))})`,
      ),
      sql` | `,
    );
  return sql`(
    WITH chunk AS MATERIALIZED (
      SELECT ${proofPositionChunks.entries} AS entries, uuid_send(${userId}::uuid) AS id
      FROM ${proofPositionChunks}
      WHERE ${proofPositionChunks.snapshotId} = ${snapshotId}::int
        AND ${proofPositionChunks.firstUserId} <= ${userId}::uuid
      ORDER BY ${proofPositionChunks.firstUserId} DESC LIMIT 1
    ), at AS MATERIALIZED (
      SELECT chunk.entries, CASE WHEN first.byte >= 0 AND first.byte % ${size} = 0 THEN first.byte
        ELSE (
          SELECT entry FROM generate_series(0, length(chunk.entries) - ${size}, ${size}) AS entry
          WHERE substring(chunk.entries FROM entry + 1 FOR 16) = chunk.id
        ) END AS byte
      FROM chunk CROSS JOIN LATERAL (SELECT position(chunk.id IN chunk.entries) - 1 AS byte) AS first
    ), search AS (
      SELECT ${u32At(sql`at.byte`)} AS found FROM at WHERE at.byte IS NOT NULL
    )
    SELECT search.found AS position, leaf.path,
      CASE WHEN leaf.path THEN ${leafPath(sql`search.found % ${sql.raw(String(LEAVES_PER_CHUNK))}`)}
        ELSE leaf.nodes END AS nodes
    FROM search CROSS JOIN LATERAL (
      -- length() reads the stored size, not the value.
      SELECT ${proofLeafChunks.nodes} AS nodes,
        length(${proofLeafChunks.nodes}) = ${sql.raw(String(FULL_CHUNK_BYTES))} AS path
      FROM ${proofLeafChunks}
      WHERE ${proofLeafChunks.snapshotId} = ${snapshotId}::int
        AND ${proofLeafChunks.chunk} = search.found / ${LEAVES_PER_CHUNK}::int
    ) AS leaf
  ) AS found`;
}

/** The leaf at `local` (its place in its full chunk) and its 8 siblings there, cut from the row. */
function leafPath(local: SQL): SQL {
  const node = (index: SQL) =>
    sql`substring(leaf.nodes FROM (${index}) * ${sql.raw(String(NODE_BYTES))} + 1 FOR ${sql.raw(String(NODE_BYTES))})`;
  const siblings = Array.from({ length: CHUNK_LEVELS }, (_, level) =>
    node(
      sql`${sql.raw(String(fullChunkLevelStart(level)))} + ((${local}) >> ${sql.raw(String(level))} # 1)`,
    ),
  );
  return sql.join([node(local), ...siblings], sql` || `);
}

/** Why a snapshot has no proof for a member: no balance then, or its proofs are no longer kept. */
async function noProofReason(db: Database, snapshotId: number): Promise<string> {
  const [kept] = await db
    .select({ chunk: proofLeafChunks.chunk })
    .from(proofLeafChunks)
    .where(eq(proofLeafChunks.snapshotId, snapshotId))
    .limit(1);
  return kept ? proofMessages.noBalanceThen : proofMessages.proofsExpired;
}

/** The proof of the leaf at `position`, given its chunk's levels (`storedChunkLevels`) or path. */
export function memberProofFrom(
  tree: SnapshotTree,
  position: number,
  local: Buffer[] | ChunkPath,
  leafKey: Buffer,
): MemberProof {
  const leaf = Array.isArray(local)
    ? nodeAt(local[0] as Buffer, position % LEAVES_PER_CHUNK)
    : local.leaf;
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
  const [found, secret] = await Promise.all([leafChunkOf(ctx.db, tree, userId), leafSecret(ctx)]);
  if (!found) throw notFound(await noProofReason(ctx.db, tree.id));
  return memberProofFrom(tree, found.position, found.inChunk, leafKeyOf(secret, tree.id, userId));
}
