import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  hash,
  type KeyObject,
  randomBytes,
  sign,
  verify,
} from 'node:crypto';
import type { ProofCrypto, ProofKeys } from '@btcp/shared';
import { desc, eq, sql } from 'drizzle-orm';
import type { ServiceContext } from '#server/context.ts';
import type { Database } from '#server/db/client.ts';
import { proofSigningKeys } from '#server/db/schema.ts';
import { keptOnce } from '#server/modules/settings/index.ts';
import { asBuffer } from './ids.ts';

/**
 * The keys of proof of balances (docs/decisions/053-proof-of-balances.md): the Ed25519 key that
 * signs the records, from PROOF_SIGNING_KEY or made once and kept in the database, and the secret
 * the members' leaf keys are derived from, from PROOF_LEAF_SECRET or likewise made once.
 */
export interface SigningKey {
  keyId: string;
  privateKey: KeyObject;
}

/** An Ed25519 SPKI (DER) is this 12-byte header and the raw 32-byte key. */
const SPKI_ED25519_HEADER = Buffer.from('302a300506032b6570032100', 'hex');
const LEAF_SECRET_SETTING = 'proof_leaf_secret';

export const rawPublicKey = (key: KeyObject): Buffer =>
  createPublicKey(key).export({ format: 'der', type: 'spki' }).subarray(SPKI_ED25519_HEADER.length);

export const publicKeyFromRaw = (raw: Uint8Array): KeyObject =>
  createPublicKey({ key: Buffer.concat([SPKI_ED25519_HEADER, raw]), format: 'der', type: 'spki' });

export const keyIdOf = (raw: Uint8Array): string =>
  createHash('sha256').update(raw).digest('hex').slice(0, 16);

/** The shared verifier's primitives over node:crypto (the browser passes WebCrypto's). */
export const nodeProofCrypto: ProofCrypto = {
  sha256: async (bytes) => createHash('sha256').update(bytes).digest(),
  verifyEd25519: async (raw, signature, message) => {
    try {
      return verify(null, message, publicKeyFromRaw(raw), signature);
    } catch {
      return false;
    }
  },
};

export const signDigest = (key: SigningKey, digest: Buffer): string =>
  sign(null, digest, key.privateKey).toString('base64');

function parsePem(pem: string): KeyObject {
  const key = createPrivateKey(pem.replace(/\\n/g, '\n'));
  if (key.asymmetricKeyType !== 'ed25519')
    throw new Error('PROOF_SIGNING_KEY must be an Ed25519 private key (PEM)');
  return key;
}

/** Per database, the key and the PROOF_SIGNING_KEY it came from (a restart may bring another). */
const signingKeys = new WeakMap<Database, { configured: string | undefined; key: SigningKey }>();

/**
 * The key in use, the same in every process. With PROOF_SIGNING_KEY, that key becomes the current
 * one (rotation: set a new one and restart; the old one stays listed). Without it, the first
 * process to store a key it made wins (one row may be current); the others read that one.
 */
export async function currentSigningKey(
  ctx: Pick<ServiceContext, 'db' | 'config' | 'clock'>,
): Promise<SigningKey> {
  const configured = ctx.config.PROOF_SIGNING_KEY;
  const known = signingKeys.get(ctx.db);
  if (known && known.configured === configured) return known.key;
  const key = configured
    ? await adoptConfiguredKey(ctx, parsePem(configured))
    : await storedKey(ctx.db);
  signingKeys.set(ctx.db, { configured, key });
  return key;
}

async function adoptConfiguredKey(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  privateKey: KeyObject,
) {
  const raw = rawPublicKey(privateKey);
  const keyId = keyIdOf(raw);
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended('proof-signing-key', 0))`);
    await tx.insert(proofSigningKeys).values({ keyId, publicKey: raw }).onConflictDoNothing();
    const [current] = await tx
      .select({ keyId: proofSigningKeys.keyId })
      .from(proofSigningKeys)
      .where(eq(proofSigningKeys.current, true));
    if (current?.keyId === keyId) return;
    await tx
      .update(proofSigningKeys)
      .set({ current: null, retiredAt: ctx.clock.now() })
      .where(eq(proofSigningKeys.current, true));
    await tx
      .update(proofSigningKeys)
      .set({ current: true, retiredAt: null })
      .where(eq(proofSigningKeys.keyId, keyId));
  });
  return { keyId, privateKey };
}

async function storedKey(db: Database): Promise<SigningKey> {
  const readCurrent = () =>
    db
      .select({ keyId: proofSigningKeys.keyId, pem: proofSigningKeys.privateKeyPem })
      .from(proofSigningKeys)
      .where(eq(proofSigningKeys.current, true));
  let [row] = await readCurrent();
  if (!row) {
    const { privateKey } = generateKeyPairSync('ed25519');
    const raw = rawPublicKey(privateKey);
    const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    await db
      .insert(proofSigningKeys)
      .values({ keyId: keyIdOf(raw), publicKey: raw, privateKeyPem: pem, current: true })
      .onConflictDoNothing();
    [row] = await readCurrent();
  }
  if (!row?.pem) {
    throw new Error(
      'the proof signing key in use came from PROOF_SIGNING_KEY: set it again in this process too',
    );
  }
  return { keyId: row.keyId, privateKey: parsePem(row.pem) };
}

/** GET /api/proof/key: the key in use and every key that signed before it. */
export async function publishedKeys(db: Database): Promise<ProofKeys | null> {
  const rows = await db
    .select()
    .from(proofSigningKeys)
    .orderBy(desc(proofSigningKeys.current), desc(proofSigningKeys.createdAt));
  const keys = rows.map((row) => ({
    keyId: row.keyId,
    publicKey: asBuffer(row.publicKey).toString('base64'),
    createdAt: row.createdAt.toISOString(),
    retiredAt: row.current ? null : (row.retiredAt ?? row.createdAt).toISOString(),
  }));
  const current = keys.find((key) => key.retiredAt === null);
  if (!current) return null;
  return { algorithm: 'Ed25519', keyId: current.keyId, publicKey: current.publicKey, keys };
}

const leafSecrets = new WeakMap<Database, Buffer>();

/** The secret behind every leaf key: PROOF_LEAF_SECRET, or one made once and kept in the database. */
export async function leafSecret(ctx: Pick<ServiceContext, 'db' | 'config'>): Promise<Buffer> {
  const known = leafSecrets.get(ctx.db);
  if (known) return known;
  let secret = ctx.config.PROOF_LEAF_SECRET;
  if (!secret) {
    const value = await keptOnce(ctx.db, LEAF_SECRET_SETTING, () => ({
      secret: randomBytes(32).toString('hex'),
    }));
    secret = (value as { secret?: string } | undefined)?.secret;
    if (!secret) throw new Error('the stored proof leaf secret is unreadable');
  }
  const bytes = Buffer.from(secret);
  leafSecrets.set(ctx.db, bytes);
  return bytes;
}

/**
 * A member's leaf key for a snapshot, HMAC-SHA-256(secret, "<snapshot id>|<user id>"): never
 * stored, derived again whenever it is needed. Written out over one-shot hashes with the padded
 * keys made once, since a snapshot derives one per wallet.
 */
export function leafKeyDeriver(secret: Buffer): (snapshotId: number, userId: string) => Buffer {
  const key = secret.length > 64 ? hash('sha256', secret, 'buffer') : secret;
  const inner = Buffer.alloc(64 + 128);
  const outer = Buffer.alloc(64 + 32);
  for (let i = 0; i < 64; i++) {
    inner[i] = (key[i] ?? 0) ^ 0x36;
    outer[i] = (key[i] ?? 0) ^ 0x5c;
  }
  return (snapshotId, userId) => {
    const length = inner.write(`${snapshotId}|${userId}`, 64, 'latin1');
    hash('sha256', inner.subarray(0, 64 + length), 'buffer').copy(outer, 64);
    return hash('sha256', outer, 'buffer');
  };
}

export const leafKeyOf = (secret: Buffer, snapshotId: number, userId: string): Buffer =>
  leafKeyDeriver(secret)(snapshotId, userId);
