import { createHmac, randomBytes, randomInt } from 'node:crypto';
import {
  PROOF_OF_WORK_ROUNDS,
  type ProofChallengeResponse,
  ProofChallengeSchema,
  signUpMessages,
} from '@btcp/shared';
import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { lt } from 'drizzle-orm';
import { z } from 'zod';
import type { ServiceContext } from '#server/context.ts';
import type { Database, DatabaseOrTransaction } from '#server/db/client.ts';
import { spentProofs } from '#server/db/schema.ts';
import { badRequest } from '#server/errors.ts';
import { keptOnce } from '#server/modules/settings/index.ts';
import { signUpProtection } from './settings.ts';

/**
 * The proof of work of the sign-up forms (decision 031), made with altcha-lib: the server signs a
 * challenge whose answer it knows, the browser finds the answer by trying counters, and the server
 * accepts each signed challenge once (spent_proofs) until it expires.
 */
const ALGORITHM = 'PBKDF2/SHA-256';
/** Long enough to fill in the form after the challenge was fetched; the form fetches anew after. */
const CHALLENGE_LIFETIME_SECONDS = 10 * 60;
/** The `system_settings` row of the generated key, when PROOF_OF_WORK_SECRET is not set. */
const SECRET_KEY = 'proof_of_work_secret';

const proofError = (message: string) => badRequest(message, { proof: message });

const SolutionSchema = z.object({
  challenge: ProofChallengeSchema,
  solution: z.object({ counter: z.number(), derivedKey: z.string().max(256) }),
});

interface Secrets {
  challenge: string;
  key: string;
}
const secretsOf = new WeakMap<object, Secrets>();

/**
 * The HMAC keys, the same in every process: derived from PROOF_OF_WORK_SECRET, or from a key made
 * once and kept in the database (the first process to store one wins; the others read it). Only
 * a new challenge makes the key; checking an answer before any challenge exists finds none.
 */
async function proofSecrets(
  ctx: Pick<ServiceContext, 'db' | 'config'>,
  { create }: { create: boolean },
): Promise<Secrets | null> {
  const known = secretsOf.get(ctx.db);
  if (known) return known;
  const master = ctx.config.PROOF_OF_WORK_SECRET ?? (await storedSecret(ctx.db, create));
  if (!master) return null;
  const secrets = {
    challenge: createHmac('sha256', master).update('challenge').digest('hex'),
    key: createHmac('sha256', master).update('derived-key').digest('hex'),
  };
  secretsOf.set(ctx.db, secrets);
  return secrets;
}

async function storedSecret(db: Database, create: boolean): Promise<string | null> {
  const value = await keptOnce(
    db,
    SECRET_KEY,
    create ? () => ({ secret: randomBytes(32).toString('hex') }) : undefined,
  );
  if (value === undefined) return null;
  const secret = (value as { secret?: unknown }).secret;
  if (typeof secret !== 'string' || secret.length < 32) {
    throw new Error('the stored proof-of-work key is unreadable');
  }
  return secret;
}

/** A fresh challenge at the admin's cost: the answer is a counter from half that cost to all of it. */
export async function createProofChallenge(ctx: ServiceContext): Promise<ProofChallengeResponse> {
  const [secrets, protection] = await Promise.all([
    proofSecrets(ctx, { create: true }),
    signUpProtection.load(ctx.db),
  ]);
  if (!secrets) throw new Error('no proof-of-work key after making one');
  const attempts = protection.proofOfWorkAttempts;
  const expires = Math.floor(ctx.clock.now().getTime() / 1000) + CHALLENGE_LIFETIME_SECONDS;
  const challenge = await createChallenge({
    algorithm: ALGORITHM,
    cost: PROOF_OF_WORK_ROUNDS,
    counter: randomInt(Math.floor(attempts / 2), attempts + 1),
    deriveKey,
    // The expiry is signed data checked against the server's clock, not altcha-lib's own
    // `expiresAt`, which it compares with the machine's time.
    data: { expires },
    hmacSignatureSecret: secrets.challenge,
    hmacKeySignatureSecret: secrets.key,
  });
  return {
    challenge: ProofChallengeSchema.parse(challenge),
    expiresInSeconds: CHALLENGE_LIFETIME_SECONDS,
  };
}

export interface VerifiedProof {
  signature: string;
  expiresAt: Date;
}

function decode(proof: string): z.infer<typeof SolutionSchema> {
  try {
    const parsed = SolutionSchema.safeParse(JSON.parse(Buffer.from(proof, 'base64').toString()));
    if (parsed.success) return parsed.data;
  } catch {
    // Not base64 JSON: the same answer as a wrong solution below.
  }
  throw proofError(signUpMessages.proofInvalid);
}

/**
 * Checks a solution: signed by us, solved, not expired (400 otherwise). It is not spent here:
 * `spendProof` does that in the transaction that acts on it, so a refused request keeps nothing.
 */
export async function verifyProof(ctx: ServiceContext, proof: string): Promise<VerifiedProof> {
  const { challenge, solution } = decode(proof);
  const secrets = await proofSecrets(ctx, { create: false });
  if (!secrets) throw proofError(signUpMessages.proofInvalid);
  const result = await verifySolution({
    challenge,
    solution,
    deriveKey,
    hmacSignatureSecret: secrets.challenge,
    hmacKeySignatureSecret: secrets.key,
  }).catch(() => null);
  if (!result?.verified) throw proofError(signUpMessages.proofInvalid);
  const expires = challenge.parameters.data?.expires;
  if (typeof expires !== 'number' || expires * 1000 <= ctx.clock.now().getTime()) {
    throw proofError(signUpMessages.proofExpired);
  }
  return { signature: challenge.signature, expiresAt: new Date(expires * 1000) };
}

/**
 * Marks a verified solution used, once in every process: of two requests spending it at once, the
 * second waits on the first's key and then finds it taken (400).
 */
export async function spendProof(db: DatabaseOrTransaction, proof: VerifiedProof): Promise<void> {
  const [spent] = await db
    .insert(spentProofs)
    .values({ signature: proof.signature, expiresAt: proof.expiresAt })
    .onConflictDoNothing()
    .returning({ signature: spentProofs.signature });
  if (!spent) throw proofError(signUpMessages.proofReused);
}

export async function purgeSpentProofs(db: Database, now: Date): Promise<void> {
  await db.delete(spentProofs).where(lt(spentProofs.expiresAt, now));
}
