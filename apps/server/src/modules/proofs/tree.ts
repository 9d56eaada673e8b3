import { hash } from 'node:crypto';
import { EMPTY_NODE, proofDepth, u128 } from '@btcp/shared';

/**
 * The Merkle sum tree of format version 1 (packages/shared/src/proof.ts), built synchronously with
 * node:crypto over flat buffers: a node is its hash and its u128 sum, 48 bytes, which is also how a
 * parent's preimage lays out its children (0x01 ‖ left ‖ right), so a pair hashes in place.
 */
export const NODE_BYTES = 48;
/** Leaves are stored 256 to a chunk: a chunk is a whole subtree, its top at level 8. */
export const CHUNK_LEVELS = 8;
export const LEAVES_PER_CHUNK = 1 << CHUNK_LEVELS;

const EMPTY = Buffer.concat([EMPTY_NODE.hash, u128(0n)]);

export const readSum = (nodes: Buffer, index: number): bigint =>
  (nodes.readBigUInt64BE(index * NODE_BYTES + 32) << 64n) |
  nodes.readBigUInt64BE(index * NODE_BYTES + 40);

export function writeSum(nodes: Buffer, index: number, sum: bigint): void {
  nodes.writeBigUInt64BE(sum >> 64n, index * NODE_BYTES + 32);
  nodes.writeBigUInt64BE(sum & 0xffff_ffff_ffff_ffffn, index * NODE_BYTES + 40);
}

export const nodeAt = (nodes: Buffer, index: number): Buffer =>
  index * NODE_BYTES < nodes.length
    ? nodes.subarray(index * NODE_BYTES, (index + 1) * NODE_BYTES)
    : EMPTY;

/** One preimage buffer reused for every hash: one-shot hashing of it is the snapshot's hot loop. */
const preimage = Buffer.alloc(97);

/** Writes leaf `index`: SHA-256(0x00 ‖ leafKey ‖ u128(amount)) and the amount. */
export function writeLeaf(nodes: Buffer, index: number, leafKey: Buffer, amount: bigint): void {
  writeSum(nodes, index, amount);
  hashLeaf(nodes, index, leafKey);
}

/** Hashes leaf `index` whose amount is already in place. */
export function hashLeaf(nodes: Buffer, index: number, leafKey: Buffer): void {
  preimage[0] = 0;
  leafKey.copy(preimage, 1);
  nodes.copy(preimage, 33, index * NODE_BYTES + 32, (index + 1) * NODE_BYTES);
  hash('sha256', preimage.subarray(0, 49), 'buffer').copy(nodes, index * NODE_BYTES);
}

/** The level above `nodes` (`width` of them): pairs 0–1, 2–3, …, an odd last one with the empty node. */
export function parentLevel(nodes: Buffer, width: number): Buffer {
  const parents = Buffer.alloc(Math.ceil(width / 2) * NODE_BYTES);
  hashParents(nodes, width, parents, 0, Math.ceil(width / 2));
  return parents;
}

/** Parents `from` to `to` of the level above `nodes`, written into `parents`. */
function hashParents(
  nodes: Buffer,
  width: number,
  parents: Buffer,
  from: number,
  to: number,
): void {
  preimage[0] = 1;
  for (let i = from; i < to; i++) {
    const left = nodeAt(nodes, 2 * i);
    const right = 2 * i + 1 < width ? nodeAt(nodes, 2 * i + 1) : EMPTY;
    left.copy(preimage, 1);
    right.copy(preimage, 1 + NODE_BYTES);
    hash('sha256', preimage, 'buffer').copy(parents, i * NODE_BYTES);
    writeSum(parents, i, readSum(left, 0) + readSum(right, 0));
  }
}

/** Lets the event loop run between slices of a long computation: a process's pings wait on it. */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
/**
 * About 2.5 ms of hashing on a busy core: a ping that reaches the snapshot's process waits at most
 * that long behind it (slices of 10 ms had doubled the miners' ping p99 while a snapshot ran).
 */
export const SLICE = 512;

/**
 * Every level from the leaves (level 0) up to the root; no leaves gives the empty node alone. In
 * slices, so a process building a million-leaf tree still answers its requests meanwhile.
 */
export async function buildLevels(leaves: Buffer, leafCount: number): Promise<Buffer[]> {
  if (leafCount === 0) return [Buffer.from(EMPTY)];
  const levels = [leaves.subarray(0, leafCount * NODE_BYTES)];
  for (let width = leafCount; width > 1; width = Math.ceil(width / 2)) {
    const parentWidth = Math.ceil(width / 2);
    const parents = Buffer.alloc(parentWidth * NODE_BYTES);
    for (let from = 0; from < parentWidth; from += SLICE) {
      hashParents(
        levels.at(-1) as Buffer,
        width,
        parents,
        from,
        Math.min(parentWidth, from + SLICE),
      );
      await yieldToEventLoop();
    }
    levels.push(parents);
  }
  return levels;
}

/** How many nodes level `level` of a tree of `leafCount` leaves has. */
export const levelWidth = (leafCount: number, level: number): number =>
  Math.ceil(leafCount / 2 ** level);

/** The levels from CHUNK_LEVELS up, as stored in one buffer, and where each starts in it. */
export function upperOffsets(leafCount: number): number[] {
  const offsets: number[] = [];
  let offset = 0;
  for (let level = CHUNK_LEVELS; level <= proofDepth(leafCount); level++) {
    offsets.push(offset);
    offset += levelWidth(leafCount, level) * NODE_BYTES;
  }
  return offsets;
}

export interface Sibling {
  hash: Buffer;
  sum: bigint;
}

/** How many of a tree's `leafCount` leaves chunk `chunk` holds: 256, or fewer in the last one. */
export const chunkLeafCount = (leafCount: number, chunk: number): number =>
  Math.min(LEAVES_PER_CHUNK, leafCount - chunk * LEAVES_PER_CHUNK);

/**
 * The widths of the levels inside a chunk of `leaves` leaves, from the leaves up: at most 8 levels
 * (level 8 is the upper levels' first), and none above the first of width 1.
 */
export function chunkWidths(leaves: number): number[] {
  const widths = [leaves];
  for (let width = leaves; widths.length < CHUNK_LEVELS && width > 1; ) {
    width = Math.ceil(width / 2);
    widths.push(width);
  }
  return widths;
}

/** The levels inside one leaf chunk, from its leaves up to its top node (level 8 or the root). */
export function chunkLevels(chunkLeaves: Buffer): Buffer[] {
  const widths = chunkWidths(chunkLeaves.length / NODE_BYTES);
  const levels = [chunkLeaves];
  for (let level = 1; level < widths.length; level++) {
    levels.push(parentLevel(levels.at(-1) as Buffer, widths[level - 1] as number));
  }
  return levels;
}

/**
 * What a `proof_leaf_chunks` row holds for chunk `chunk`, cut from the whole tree's `levels`: its
 * leaves, then the levels inside it (`chunkWidths`), so serving a proof slices them, not hashes.
 * A chunk's nodes at level k are the tree's from chunk × (256 >> k): a chunk is a whole subtree.
 */
export function storedChunk(levels: Buffer[], leafCount: number, chunk: number): Buffer {
  return Buffer.concat(
    chunkWidths(chunkLeafCount(leafCount, chunk)).map((width, level) => {
      const first = chunk * (LEAVES_PER_CHUNK >> level);
      return (levels[level] as Buffer).subarray(first * NODE_BYTES, (first + width) * NODE_BYTES);
    }),
  );
}

/**
 * The levels inside a chunk from its stored row (`storedChunk`), told apart by length from a row
 * written before the levels were stored, which holds the leaves alone: those are rebuilt.
 */
export function storedChunkLevels(nodes: Buffer, leaves: number): Buffer[] {
  if (nodes.length === leaves * NODE_BYTES) return chunkLevels(nodes);
  const levels: Buffer[] = [];
  let offset = 0;
  for (const width of chunkWidths(leaves)) {
    levels.push(nodes.subarray(offset, offset + width * NODE_BYTES));
    offset += width * NODE_BYTES;
  }
  if (offset !== nodes.length) {
    throw new Error(`a leaf chunk of ${leaves} leaves holds ${nodes.length} bytes`);
  }
  return levels;
}

/**
 * A full chunk's nodes on one leaf's path, as the database cuts them from its row: the leaf, and
 * its sibling at each of the 8 levels inside the chunk (`fullChunkLevelStart`).
 */
export interface ChunkPath {
  leaf: Buffer;
  siblings: Buffer;
}

/** The bytes of a full chunk's row: 256 leaves and the 254 nodes of the levels inside it. */
export const FULL_CHUNK_BYTES = chunkWidths(LEAVES_PER_CHUNK).reduce((a, b) => a + b) * NODE_BYTES;

/** Where level `level` of a full chunk starts in its row, in nodes: 0, 256, 384, … 508. */
export const fullChunkLevelStart = (level: number): number =>
  2 * LEAVES_PER_CHUNK - ((2 * LEAVES_PER_CHUNK) >> level);

/**
 * The siblings of leaf `position`, from its level up: below level 8 from its chunk's levels
 * (`storedChunkLevels`), above from the stored upper levels.
 */
export function siblingsOf(
  position: number,
  leafCount: number,
  local: Buffer[] | ChunkPath,
  upper: Buffer,
): Sibling[] {
  const offsets = upperOffsets(leafCount);
  const siblings: Sibling[] = [];
  for (let level = 0; level < proofDepth(leafCount); level++) {
    const neighbour = Math.floor(position / 2 ** level) ^ 1;
    let node: Buffer = EMPTY;
    if (level < CHUNK_LEVELS) {
      const first = Math.floor(position / LEAVES_PER_CHUNK) * (LEAVES_PER_CHUNK >> level);
      // A short last chunk runs out of levels early: above that, its node's neighbour is empty.
      const nodes = Array.isArray(local) ? local[level] : undefined;
      if (nodes) node = nodeAt(nodes, neighbour - first);
      else if (!Array.isArray(local)) node = nodeAt(local.siblings, level);
    } else if (neighbour < levelWidth(leafCount, level)) {
      node = nodeAt(upper.subarray(offsets[level - CHUNK_LEVELS]), neighbour);
    }
    siblings.push({ hash: Buffer.from(node.subarray(0, 32)), sum: readSum(node, 0) });
  }
  return siblings;
}
