import { createHash } from 'node:crypto';
import { formatProofAmount, recordDigestText, toUnits } from '@btcp/shared';
import { desc, type SQL, sql } from 'drizzle-orm';
import type { ServiceContext } from '#server/context.ts';
import type { Transaction } from '#server/db/client.ts';
import {
  proofLeafChunks,
  proofPositionChunks,
  proofSnapshots,
  proofUpperLevels,
} from '#server/db/schema.ts';
import { POSITION_ENTRY_BYTES, uuidBytes, uuidText } from './ids.ts';
import { currentSigningKey, leafKeyDeriver, leafSecret, signDigest } from './keys.ts';
import {
  buildLevels,
  CHUNK_LEVELS,
  hashLeaf,
  LEAVES_PER_CHUNK,
  NODE_BYTES,
  readSum,
  SLICE,
  storedChunk,
  yieldToEventLoop,
} from './tree.ts';

/**
 * Taking a snapshot (docs/decisions/053-proof-of-balances.md): one repeatable-read transaction
 * reads every positive balance (plain reads: no row lock, so pings, crediting and Stops go on),
 * builds the tree, stores what serving proofs needs and the signed record, chained to the last.
 */
/** Small pages: the driver parses each page's rows in one go, holding up the process meanwhile. */
const READ_PAGE = 10_000;
const INSERT_ROWS = 200;
/**
 * Position entries to a row: 64 of 20 bytes fit in the row itself, below PostgreSQL's TOAST
 * threshold, so a proof's binary search reads one heap page instead of slices of a toasted value.
 */
export const ENTRIES_PER_CHUNK = 64;
/** Names the advisory lock that lets one snapshot be taken at a time across processes. */
const SNAPSHOT_LOCK = sql`hashtextextended('proof-snapshot', 0)`;

export class SnapshotBusyError extends Error {
  override name = 'SnapshotBusyError';
}

export interface SnapshotOptions {
  label?: string | null;
  /** A daily snapshot: taken only if none exists yet for this UTC day ('2026-12-06'). */
  dailyFor?: string;
}

interface Wallets {
  count: number;
  /** 16 bytes each, in user id order. */
  userIds: Buffer;
  /** The balances as u128, 16 bytes each, in the same order: no million bigints on the heap. */
  amounts: Buffer;
}

/**
 * Every wallet above zero, in user id order (PostgreSQL orders uuids bytewise, as Buffer.compare).
 * Read through a cursor in the table's own order and sorted here: pages in user id order walked
 * the primary key and visited the heap at random, which cost the database three times the CPU
 * (1.3 s against 0.45 s for a million wallets), taken from the pings beside it; this process
 * sorts at the lowest priority (snapshot-process.ts).
 */
async function readWallets(tx: Transaction): Promise<Wallets> {
  const ids: Buffer[] = [];
  const amounts: Buffer[] = [];
  let count = 0;
  await tx.execute(sql`DECLARE proof_wallets NO SCROLL CURSOR FOR
    SELECT user_id::text AS "userId", balance::text AS balance FROM wallets WHERE balance > 0`);
  for (;;) {
    const rows = await rowsOf<{ userId: string; balance: string }>(
      tx,
      sql.raw(`FETCH ${READ_PAGE} FROM proof_wallets`),
    );
    const pageIds = Buffer.alloc(rows.length * 16);
    const pageAmounts = Buffer.alloc(rows.length * 16);
    for (const [i, row] of rows.entries()) {
      uuidBytes(row.userId).copy(pageIds, i * 16);
      const units = toUnits(row.balance);
      pageAmounts.writeBigUInt64BE(units >> 64n, i * 16);
      pageAmounts.writeBigUInt64BE(units & 0xffff_ffff_ffff_ffffn, i * 16 + 8);
    }
    ids.push(pageIds);
    amounts.push(pageAmounts);
    count += rows.length;
    if (rows.length < READ_PAGE) break;
  }
  await tx.execute(sql`CLOSE proof_wallets`);
  return byUserId({ count, userIds: Buffer.concat(ids), amounts: Buffer.concat(amounts) });
}

/** The wallets in user id order: by their first two bytes (a counting sort), then each bucket. */
async function byUserId(wallets: Wallets): Promise<Wallets> {
  const { count, userIds, amounts } = wallets;
  const order = await orderByKey(count, userIds, { stride: 16, bytes: 16 });
  const sortedIds = Buffer.alloc(count * 16);
  const sortedAmounts = Buffer.alloc(count * 16);
  for (let to = 0; to < count; to++) {
    const from = order[to] as number;
    userIds.copy(sortedIds, to * 16, from * 16, from * 16 + 16);
    amounts.copy(sortedAmounts, to * 16, from * 16, from * 16 + 16);
    if (to % (8 * SLICE) === 8 * SLICE - 1) await yieldToEventLoop();
  }
  return { count, userIds: sortedIds, amounts: sortedAmounts };
}

/** The leaves in hash order, and for each wallet (in user id order) its leaf's position. */
async function sortedLeaves(wallets: Wallets, secret: Buffer, snapshotId: number) {
  const { count, userIds, amounts } = wallets;
  const unsorted = Buffer.alloc(count * NODE_BYTES);
  const leafKeyOf = leafKeyDeriver(secret);
  for (let i = 0; i < count; i++) {
    amounts.copy(unsorted, i * NODE_BYTES + 32, i * 16, i * 16 + 16);
    hashLeaf(unsorted, i, leafKeyOf(snapshotId, uuidText(userIds.subarray(i * 16, i * 16 + 16))));
    if (i % SLICE === SLICE - 1) await yieldToEventLoop();
  }
  const order = await orderByKey(count, unsorted, { stride: NODE_BYTES, bytes: 32 });
  const leaves = Buffer.alloc(count * NODE_BYTES);
  const positions = new Uint32Array(count);
  // In slices too: a million copies at once had held the process for 0.6 s.
  for (let position = 0; position < count; position++) {
    const wallet = order[position] as number;
    unsorted.copy(leaves, position * NODE_BYTES, wallet * NODE_BYTES, (wallet + 1) * NODE_BYTES);
    positions[wallet] = position;
    if (position % (8 * SLICE) === 8 * SLICE - 1) await yieldToEventLoop();
  }
  return { leaves, positions };
}

/**
 * Indexes 0..count-1 in the order of their keys' bytes: placed in 65,536 buckets by the first two
 * bytes (a counting sort, linear), then each small bucket sorted, with breaks between buckets,
 * where one sort of a million would hold the process for seconds. Keys are hashes or random
 * uuids, so the buckets are even.
 */
async function orderByKey(
  count: number,
  keys: Buffer,
  { stride, bytes }: { stride: number; bytes: number },
): Promise<Uint32Array> {
  const bucketOf = (i: number) => keys.readUInt16BE(i * stride);
  const keyOf = (i: number) => keys.subarray(i * stride, i * stride + bytes);
  const starts = new Uint32Array(65_537);
  for (let i = 0; i < count; i++) (starts[bucketOf(i) + 1] as number)++;
  for (let b = 1; b <= 65_536; b++) starts[b] = (starts[b] as number) + (starts[b - 1] as number);
  const order = new Uint32Array(count);
  const next = starts.slice(0, 65_536);
  for (let i = 0; i < count; i++) order[(next[bucketOf(i)] as number)++] = i;
  for (let b = 0; b < 65_536; b++) {
    order.subarray(starts[b], starts[b + 1]).sort((x, y) => Buffer.compare(keyOf(x), keyOf(y)));
    // About 4,000 keys sorted between breaks, as many as a slice hashes.
    if (b % 256 === 255) await yieldToEventLoop();
  }
  return order;
}

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += INSERT_ROWS) await insert(rows.slice(i, i + INSERT_ROWS));
}

async function storeTree(
  tx: Transaction,
  snapshotId: number,
  wallets: Wallets,
  levels: Buffer[],
  positions: Uint32Array,
) {
  // Each row's leaves and inner levels are copied out of the tree one batch at a time: all of them
  // at once would hold a second copy of the bottom eight levels (about 94 MB for a million leaves).
  const chunks = Math.ceil(wallets.count / LEAVES_PER_CHUNK);
  for (let from = 0; from < chunks; from += INSERT_ROWS) {
    const batch = [];
    for (let chunk = from; chunk < Math.min(chunks, from + INSERT_ROWS); chunk++) {
      batch.push({ snapshotId, chunk, nodes: storedChunk(levels, wallets.count, chunk) });
    }
    await tx.insert(proofLeafChunks).values(batch);
  }
  const positionRows = [];
  for (let first = 0; first < wallets.count; first += ENTRIES_PER_CHUNK) {
    const size = Math.min(ENTRIES_PER_CHUNK, wallets.count - first);
    const entries = Buffer.alloc(size * POSITION_ENTRY_BYTES);
    for (let i = 0; i < size; i++) {
      wallets.userIds.copy(
        entries,
        i * POSITION_ENTRY_BYTES,
        (first + i) * 16,
        (first + i + 1) * 16,
      );
      entries.writeUInt32BE(positions[first + i] as number, i * POSITION_ENTRY_BYTES + 16);
    }
    const firstUserId = uuidText(wallets.userIds.subarray(first * 16, first * 16 + 16));
    positionRows.push({ snapshotId, firstUserId, entries });
    if (positionRows.length % 64 === 0) await yieldToEventLoop();
  }
  await insertInBatches(positionRows, (batch) => tx.insert(proofPositionChunks).values(batch));
  const upper = Buffer.concat(levels.slice(CHUNK_LEVELS));
  await tx.insert(proofUpperLevels).values({ snapshotId, nodes: upper });
}

/**
 * Takes a snapshot in this process and returns its id, or null when it is a daily one already
 * taken. Throws SnapshotBusyError while another process takes one. A server on PostgreSQL calls
 * `takeSnapshot` (snapshot-process.ts) instead, which runs this in a process of its own.
 */
export async function takeSnapshotHere(
  ctx: Pick<ServiceContext, 'db' | 'config' | 'clock'>,
  options: SnapshotOptions = {},
): Promise<number | null> {
  const key = await currentSigningKey(ctx);
  const secret = await leafSecret(ctx);
  return ctx.db.transaction(
    async (tx) => {
      const [lock] = await rowsOf<{ locked: boolean }>(
        tx,
        sql`SELECT pg_try_advisory_xact_lock(${SNAPSHOT_LOCK}) AS locked`,
      );
      if (lock?.locked !== true) throw new SnapshotBusyError('a snapshot is being taken');
      const takenAt = ctx.clock.now().toISOString();
      if (options.dailyFor && (await dailyTaken(tx, options.dailyFor))) return null;
      const [last] = await tx
        .select({ id: proofSnapshots.id, digest: proofSnapshots.digest })
        .from(proofSnapshots)
        .orderBy(desc(proofSnapshots.id))
        .limit(1);
      const id = (last?.id ?? 0) + 1;
      const wallets = await readWallets(tx);
      const { leaves, positions } = await sortedLeaves(wallets, secret, id);
      const levels = await buildLevels(leaves, wallets.count);
      const root = (levels.at(-1) as Buffer).subarray(0, NODE_BYTES);
      await requireLedgerTotal(tx, readSum(root, 0));
      const fields = {
        id,
        takenAt,
        leafCount: wallets.count,
        total: formatProofAmount(readSum(root, 0)),
        root: root.subarray(0, 32).toString('hex'),
        previous: last?.digest ?? null,
      };
      const digest = createHash('sha256').update(recordDigestText(fields)).digest();
      await tx.insert(proofSnapshots).values({
        ...fields,
        takenAt: new Date(takenAt),
        digest: digest.toString('hex'),
        signature: signDigest(key, digest),
        keyId: key.keyId,
        label: options.label?.trim() || null,
        dailyFor: options.dailyFor ?? null,
      });
      await storeTree(tx, id, wallets, levels, positions);
      return id;
    },
    { isolationLevel: 'repeatable read' },
  );
}

export class LedgerMismatchError extends Error {
  override name = 'LedgerMismatchError';
}

/**
 * D10 says every balance is the sum of its ledger rows; in the same consistent view, the total
 * about to be signed must then be the ledger's. If not, nothing is published and the log says so.
 */
async function requireLedgerTotal(tx: Transaction, total: bigint): Promise<void> {
  // One backend reads the whole ledger: parallel workers would take every core of the database
  // for that second, from the pings beside it.
  await tx.execute(sql`SET LOCAL max_parallel_workers_per_gather = 0`);
  const [ledger] = await rowsOf<{ total: string }>(
    tx,
    sql`SELECT coalesce(sum(amount), 0)::text AS total FROM transactions`,
  );
  const ledgerTotal = toUnits(ledger?.total ?? '0');
  if (ledgerTotal !== total) {
    throw new LedgerMismatchError(
      `balances total ${formatProofAmount(total)} but the ledger ${ledger?.total}: no snapshot is signed until they agree`,
    );
  }
}

/** Both drivers (PGlite, node-postgres) answer `execute` with `{ rows }`. */
async function rowsOf<T>(tx: Transaction, query: SQL): Promise<T[]> {
  return ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
}

async function dailyTaken(tx: Transaction, day: string): Promise<boolean> {
  const rows = await rowsOf(tx, sql`SELECT 1 FROM proof_snapshots WHERE daily_for = ${day}::date`);
  return rows.length > 0;
}
