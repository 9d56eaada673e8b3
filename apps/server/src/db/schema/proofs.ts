import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { bytea, createdAt } from './columns.ts';

/**
 * Proof of balances (D27, docs/decisions/053-proof-of-balances.md). The records are kept forever;
 * what serving a member's proof needs (the tree's nodes and who sits where) is kept 30 days, or
 * forever for a labelled snapshot.
 */

/** Every key that ever signed a record; `current` is true on the one in use, null on the others. */
export const proofSigningKeys = pgTable(
  'proof_signing_keys',
  {
    /** The first 16 hex digits of SHA-256 of the raw public key. */
    keyId: text('key_id').primaryKey(),
    /** The raw 32-byte Ed25519 public key. */
    publicKey: bytea('public_key').notNull(),
    /** PKCS#8 PEM of a key the server made itself; null for PROOF_SIGNING_KEY, kept in the environment. */
    privateKeyPem: text('private_key_pem'),
    current: boolean('current'),
    createdAt: createdAt(),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  (table) => [
    // Unique among true values only (NULLs differ): at most one key in use, whoever races.
    unique('proof_signing_keys_one_current').on(table.current),
    check('proof_signing_keys_current_true', sql`${table.current} IS NULL OR ${table.current}`),
  ],
);

/** The signed, chained records: id n links to n - 1 by `previous`. */
export const proofSnapshots = pgTable(
  'proof_snapshots',
  {
    id: integer('id').primaryKey(),
    takenAt: timestamp('taken_at', { withTimezone: true, precision: 3 }).notNull(),
    leafCount: integer('leaf_count').notNull(),
    /** Sums of balances may pass numeric(20,8). */
    total: numeric('total', { precision: 40, scale: 8 }).notNull(),
    root: text('root').notNull(),
    previous: text('previous'),
    digest: text('digest').notNull(),
    signature: text('signature').notNull(),
    keyId: text('key_id')
      .notNull()
      .references(() => proofSigningKeys.keyId),
    label: text('label'),
    /** The UTC day a daily snapshot stands for: one per day, whichever process takes it. */
    dailyFor: date('daily_for', { mode: 'string' }),
    /** When its proofs were deleted (retention); the record itself stays. */
    proofsDeletedAt: timestamp('proofs_deleted_at', { withTimezone: true }),
  },
  (table) => [
    unique('proof_snapshots_daily_for_key').on(table.dailyFor),
    unique('proof_snapshots_previous_key').on(table.previous),
  ],
);

/** The levels above the leaf chunks (256 leaves each), concatenated: 48 bytes a node. */
export const proofUpperLevels = pgTable('proof_upper_levels', {
  snapshotId: integer('snapshot_id')
    .primaryKey()
    .references(() => proofSnapshots.id, { onDelete: 'cascade' }),
  nodes: bytea('nodes').notNull(),
});

/**
 * The leaves in hash order, 256 to a chunk, each its hash and u128 amount (48 bytes), followed by
 * the levels inside the chunk up to level 7 (128, 64, … 2 nodes of 48 bytes; fewer in a short last
 * chunk), so a proof slices its siblings. A row holding the leaves alone (written before the
 * levels were kept) still serves: its length says so, and its levels are rebuilt.
 */
export const proofLeafChunks = pgTable(
  'proof_leaf_chunks',
  {
    snapshotId: integer('snapshot_id')
      .notNull()
      .references(() => proofSnapshots.id, { onDelete: 'cascade' }),
    chunk: integer('chunk').notNull(),
    nodes: bytea('nodes').notNull(),
  },
  (table) => [
    primaryKey({ name: 'proof_leaf_chunks_pkey', columns: [table.snapshotId, table.chunk] }),
  ],
);

/**
 * Who sits where: entries of user id (16 bytes) and leaf position (u32), in user id order, 1,024 to
 * a chunk keyed by its first user id. A row per member would cost ten times the space.
 */
export const proofPositionChunks = pgTable(
  'proof_position_chunks',
  {
    snapshotId: integer('snapshot_id')
      .notNull()
      .references(() => proofSnapshots.id, { onDelete: 'cascade' }),
    firstUserId: uuid('first_user_id').notNull(),
    entries: bytea('entries').notNull(),
  },
  (table) => [
    primaryKey({
      name: 'proof_position_chunks_pkey',
      columns: [table.snapshotId, table.firstUserId],
    }),
  ],
);
