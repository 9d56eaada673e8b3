import { z } from './zod.ts';

/**
 * The wire shapes of proof of balances (D27, decision 053): the public record of a snapshot, a
 * member's proof and the signing keys. The exact hashing rules are in proof.ts and the README.
 */
const hex = (bytes: number) =>
  z
    .string()
    .regex(new RegExp(`^[0-9a-f]{${bytes * 2}}$`), `Must be ${bytes * 2} lowercase hex digits`);

/** An amount as the API writes balances, always 8 places: '12.50000000'. Totals may pass 10¹². */
export const ProofAmountSchema = z
  .string()
  .regex(/^(0|[1-9]\d{0,29})\.\d{8}$/, 'Must be a decimal with exactly 8 places');

export const ProofRecordSchema = z.object({
  id: z.number().int().min(1),
  /** ISO 8601 UTC, as it enters the digest. */
  takenAt: z.string(),
  leafCount: z.number().int().min(0),
  total: ProofAmountSchema,
  root: hex(32),
  previous: hex(32).nullable(),
  digest: hex(32),
  /** Base64 of the 64-byte Ed25519 signature of the 32 digest bytes. */
  signature: z.string(),
  /** The signing key's id: the first 16 hex digits of SHA-256 of its raw 32 bytes. */
  keyId: z.string(),
  /** An admin's name for it ("Launch"); a labelled snapshot's proofs are kept forever. */
  label: z.string().nullable(),
});
export type ProofRecord = z.infer<typeof ProofRecordSchema>;

export const ProofSiblingSchema = z.object({ hash: hex(32), sum: ProofAmountSchema });
export type ProofSibling = z.infer<typeof ProofSiblingSchema>;

export const MemberProofSchema = z.object({
  snapshotId: z.number().int().min(1),
  /** The member's secret 32-byte key for this snapshot: only they ever receive it. */
  leafKey: hex(32),
  amount: ProofAmountSchema,
  /** The leaf's position; bit k says whether the node at level k is a right child. */
  index: z.number().int().min(0),
  /** From the leaf's level up to just below the root. */
  siblings: z.array(ProofSiblingSchema).max(64),
});
export type MemberProof = z.infer<typeof MemberProofSchema>;

export const ProofKeySchema = z.object({
  keyId: z.string(),
  /** Base64 of the raw 32-byte Ed25519 public key. */
  publicKey: z.string(),
  createdAt: z.string(),
  /** When a newer key took over; null for the key in use. */
  retiredAt: z.string().nullable(),
});
export type ProofKey = z.infer<typeof ProofKeySchema>;

/** GET /api/proof/key: the key in use first-class, every key ever used (newest first) alongside. */
export const ProofKeysSchema = z.object({
  algorithm: z.literal('Ed25519'),
  keyId: z.string(),
  publicKey: z.string(),
  keys: z.array(ProofKeySchema),
});
export type ProofKeys = z.infer<typeof ProofKeysSchema>;

/** A snapshot id as a URL carries it: a positive integer PostgreSQL's integer column holds. */
const snapshotIdInQuery = z.coerce
  .number()
  .int()
  .min(1)
  .max(2 ** 31 - 1);

export const ProofSnapshotsQuerySchema = z.object({
  /** Keyset cursor: records with an id below this one. */
  before: snapshotIdInQuery.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});

export const ProofSnapshotsPageSchema = z.object({
  items: z.array(ProofRecordSchema),
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextBefore: z.number().int().nullable(),
});
export type ProofSnapshotsPage = z.infer<typeof ProofSnapshotsPageSchema>;

export const SnapshotIdParamsSchema = z.object({
  id: snapshotIdInQuery,
});

export const MemberProofQuerySchema = z.object({
  snapshot: snapshotIdInQuery.optional(),
});

/** What "Download proof" saves and `npm run verify-proof` reads: everything to check it offline. */
export const ProofDownloadSchema = z.object({
  proof: MemberProofSchema,
  record: ProofRecordSchema,
  /** Base64 of the raw 32-byte key that signed the record. */
  publicKey: z.string(),
});
export type ProofDownload = z.infer<typeof ProofDownloadSchema>;

export const ProofLabelBodySchema = z.object({
  /** Empty or null clears the label (the proofs then fall back to the usual retention). */
  label: z.string().trim().max(60).nullable(),
});

export const proofMessages = {
  noBalanceThen: 'You had no balance at this snapshot, so it holds no proof for you.',
  noSnapshot: 'No snapshot has been taken yet.',
  snapshotNotFound: 'There is no snapshot with this id.',
  proofsExpired:
    'The proofs of this snapshot are no longer kept (unlabelled snapshots keep them for 30 days); its record stays published.',
  snapshotBusy: 'A snapshot is being taken right now; try again in a minute.',
} as const;
