import {
  ErrorCode,
  PENDING_SIGN_IN_MS,
  TWO_FACTOR_ATTEMPTS_MAX,
  twoFactorMessages,
} from '@btcp/shared';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database, DatabaseOrTransaction } from '#server/db/client.ts';
import { memberColumns } from '#server/db/members.ts';
import { adminUsers, pendingSignIns, profiles, users } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import { hashToken, randomToken } from '#server/lib/tokens.ts';
import {
  type FactorOwner,
  findFactor,
  recordChange,
  type SecondFactorAnswer,
  spendAnswer,
} from './factors.ts';

/**
 * Decision 027: a right password for an account with two-factor on starts no session. It leaves a
 * pending sign-in (5 minutes, 5 wrong codes), found by the SHA-256 of a token in a cookie; the
 * right code or an unused recovery code turns it into the session.
 */
export async function beginPendingSignIn(
  db: Database,
  kind: FactorOwner['kind'],
  ownerId: string,
  persistent: boolean,
  now: Date,
): Promise<string> {
  const token = randomToken();
  // Ones left behind expire here rather than in a job: a sign-in is the only thing that adds them.
  await db.delete(pendingSignIns).where(lt(pendingSignIns.expiresAt, now));
  await db.insert(pendingSignIns).values({
    tokenHash: hashToken(token),
    kind,
    userId: kind === 'user' ? ownerId : null,
    adminId: kind === 'admin' ? ownerId : null,
    persistent,
    expiresAt: new Date(now.getTime() + PENDING_SIGN_IN_MS),
    createdAt: now,
  });
  return token;
}

export const signInExpired = (message: string = twoFactorMessages.signInExpired) =>
  new AppError(401, ErrorCode.twoFactorSignInExpired, message);

export interface PendingSignIn {
  tokenHash: string;
  owner: FactorOwner;
  persistent: boolean;
}

/** The live pending sign-in behind a cookie's token, with whose it is; a 401 when there is none. */
export async function findPendingSignIn(
  db: Database,
  kind: FactorOwner['kind'],
  token: string | undefined,
  now: Date,
): Promise<PendingSignIn> {
  if (!token) throw signInExpired();
  const tokenHash = hashToken(token);
  const owners = kind === 'user' ? users : adminUsers;
  const ownerId = kind === 'user' ? pendingSignIns.userId : pendingSignIns.adminId;
  const [row] = await db
    .select({ id: owners.id, email: owners.email, persistent: pendingSignIns.persistent })
    .from(pendingSignIns)
    .innerJoin(owners, eq(owners.id, ownerId))
    .where(
      and(
        eq(pendingSignIns.tokenHash, tokenHash),
        eq(pendingSignIns.kind, kind),
        gt(pendingSignIns.expiresAt, now),
      ),
    );
  if (!row) throw signInExpired();
  return { tokenHash, owner: { kind, id: row.id, email: row.email }, persistent: row.persistent };
}

export type PendingAnswer =
  | { accepted: true; usedRecoveryCode: boolean }
  | { accepted: false; signInEnded: boolean };

/**
 * Answers a pending sign-in. An attempt is counted before the code is checked, so even requests
 * sent at once get five guesses between them; the fifth wrong one ends the pending sign-in.
 */
export async function answerPendingSignIn(
  db: Database,
  pending: PendingSignIn,
  answer: SecondFactorAnswer,
  now: Date,
): Promise<PendingAnswer> {
  const { tokenHash, owner } = pending;
  const [counted] = await db
    .update(pendingSignIns)
    .set({ attempts: sql`${pendingSignIns.attempts} + 1` })
    .where(
      and(
        eq(pendingSignIns.tokenHash, tokenHash),
        gt(pendingSignIns.expiresAt, now),
        lt(pendingSignIns.attempts, TWO_FACTOR_ATTEMPTS_MAX),
      ),
    )
    .returning({ attempts: pendingSignIns.attempts });
  if (!counted) throw signInExpired();
  const spent = await db.transaction(async (tx) => {
    const factor = await findFactor(tx, owner.kind, owner.id, { confirmed: true, lock: true });
    // Turned off meanwhile: the password alone now signs in, so it must be entered again.
    if (!factor) throw signInExpired();
    const used = await spendAnswer(tx, factor, answer, now);
    if (!used) return null;
    const [ended] = await tx
      .delete(pendingSignIns)
      .where(eq(pendingSignIns.tokenHash, tokenHash))
      .returning({ tokenHash: pendingSignIns.tokenHash });
    // Another request with this cookie got there first: one pending sign-in, one session.
    if (!ended) throw signInExpired();
    if (used === 'recoveryCode') {
      await recordChange(tx, owner, 'two_factor.recovery_code.use', 'recovery_code_used', now);
    }
    return used;
  });
  if (spent) return { accepted: true, usedRecoveryCode: spent === 'recoveryCode' };
  const signInEnded = counted.attempts >= TWO_FACTOR_ATTEMPTS_MAX;
  if (signInEnded) {
    await db.delete(pendingSignIns).where(eq(pendingSignIns.tokenHash, tokenHash));
  }
  return { accepted: false, signInEnded };
}

/** The member a completed sign-in signed in, as the session answer shows them. */
export async function signedInMember(db: Database, userId: string) {
  const [row] = await db
    .select(memberColumns)
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, userId));
  return row ?? null;
}

/**
 * Ends the sign-ins of an account that got past its password and wait for a code: called where
 * the password changes, so the old one opens nothing any more.
 */
export async function endPendingSignIns(
  db: DatabaseOrTransaction,
  kind: 'user' | 'admin',
  ownerId: string,
): Promise<void> {
  const owner = kind === 'user' ? pendingSignIns.userId : pendingSignIns.adminId;
  await db.delete(pendingSignIns).where(eq(owner, ownerId));
}
