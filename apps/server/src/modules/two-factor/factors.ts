import {
  ErrorCode,
  type TwoFactorEnrolment,
  type TwoFactorStatus,
  twoFactorMessages,
} from '@btcp/shared';
import { and, count, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database, DatabaseOrTransaction, Transaction } from '#server/db/client.ts';
import {
  adminUsers,
  pendingSignIns,
  recoveryCodes,
  totpFactors,
  users,
} from '#server/db/schema.ts';
import { AppError, badRequest, conflict } from '#server/errors.ts';
import { verifyPassword } from '#server/lib/passwords.ts';
import { type AuditActor, audit } from '#server/modules/audit/index.ts';
import { queueSecurityNotice, type SecurityEvent } from '#server/modules/mail/index.ts';
import {
  matchingStep,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUri,
  qrCodeSvg,
  recoveryCodeHash,
} from './totp.ts';

/** Whose factor: a member (`users`) or an admin (`admin_users`), as their session names them. */
export interface FactorOwner {
  kind: 'user' | 'admin';
  id: string;
  email: string;
}

export type Factor = typeof totpFactors.$inferSelect;

const ownerColumn = (kind: FactorOwner['kind']) =>
  kind === 'user' ? totpFactors.userId : totpFactors.adminId;

export const auditActor = (owner: FactorOwner): AuditActor =>
  owner.kind === 'admin'
    ? { role: 'admin', id: owner.id, email: owner.email }
    : { role: 'member', id: owner.id, email: owner.email };

/** A change to two-factor: audited and mailed to the account in the transaction that makes it. */
export async function recordChange(
  tx: Transaction,
  owner: FactorOwner,
  action: string,
  event: SecurityEvent,
  now: Date,
) {
  await audit(tx, auditActor(owner), action, { type: owner.kind, id: owner.id });
  await queueSecurityNotice(tx, owner.email, event, now);
}

export async function findFactor(
  db: DatabaseOrTransaction,
  kind: FactorOwner['kind'],
  ownerId: string,
  { confirmed = false, lock = false } = {},
): Promise<Factor | undefined> {
  const query = db
    .select()
    .from(totpFactors)
    .where(
      and(
        eq(ownerColumn(kind), ownerId),
        confirmed ? isNotNull(totpFactors.confirmedAt) : undefined,
      ),
    );
  const [factor] = await (lock ? query.for('update') : query);
  return factor;
}

/**
 * Whether the account has a confirmed factor, as a column of the sign-in's own lookup of it (in
 * `users` or `admin_users`): a sign-in learns it with the password hash, in one round trip to the
 * database, not a second one after the password is checked. The owner's id is named with its
 * table, as a lookup of one table writes its columns without it.
 */
export const hasConfirmedFactorColumn = (kind: FactorOwner['kind']) =>
  sql<boolean>`EXISTS (SELECT 1 FROM ${totpFactors} WHERE ${ownerColumn(kind)} = ${kind === 'user' ? users : adminUsers}.id AND ${totpFactors.confirmedAt} IS NOT NULL)`;

/** Only a confirmed factor counts: an enrolment never finished signs in with the password alone. */
export async function hasConfirmedFactor(
  db: DatabaseOrTransaction,
  kind: FactorOwner['kind'],
  ownerId: string,
): Promise<boolean> {
  return (await findFactor(db, kind, ownerId, { confirmed: true })) !== undefined;
}

export async function twoFactorStatus(db: Database, owner: FactorOwner): Promise<TwoFactorStatus> {
  const factor = await findFactor(db, owner.kind, owner.id, { confirmed: true });
  if (!factor?.confirmedAt) return { enabled: false, enabledAt: null, recoveryCodesLeft: 0 };
  const [left] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.factorId, factor.id), isNull(recoveryCodes.usedAt)));
  return {
    enabled: true,
    enabledAt: factor.confirmedAt.toISOString(),
    recoveryCodesLeft: left?.n ?? 0,
  };
}

/**
 * A new key for the owner, replacing an unconfirmed one (an enrolment can be restarted); refused
 * while a confirmed factor exists. One statement, so two tabs starting at once cannot both win.
 */
export async function startEnrolment(
  db: Database,
  owner: FactorOwner,
  now: Date,
): Promise<TwoFactorEnrolment> {
  const secret = newTotpSecret();
  const column = ownerColumn(owner.kind);
  const [started] = await db
    .insert(totpFactors)
    .values({
      kind: owner.kind,
      userId: owner.kind === 'user' ? owner.id : null,
      adminId: owner.kind === 'admin' ? owner.id : null,
      secret,
      createdAt: now,
    })
    .onConflictDoUpdate({
      target: column,
      set: { secret, lastUsedStep: null, createdAt: now },
      setWhere: isNull(totpFactors.confirmedAt),
    })
    .returning({ id: totpFactors.id });
  if (!started) throw conflict(twoFactorMessages.alreadyOn);
  const uri = otpauthUri(secret, owner.email);
  return { secret, otpauthUri: uri, qrCodeSvg: await qrCodeSvg(uri) };
}

export const wrongCode = (field: 'code' | 'recoveryCode') => {
  const message =
    field === 'code' ? twoFactorMessages.wrongCode : twoFactorMessages.wrongRecoveryCode;
  return new AppError(400, ErrorCode.twoFactorCodeInvalid, message, { [field]: message });
};

async function replaceRecoveryCodes(tx: Transaction, factorId: string, now: Date) {
  const codes = newRecoveryCodes();
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.factorId, factorId));
  await tx
    .insert(recoveryCodes)
    .values(codes.map((code) => ({ factorId, codeHash: recoveryCodeHash(code), createdAt: now })));
  return codes;
}

/** The first right code confirms the key: two-factor is on, with ten new recovery codes. */
export async function confirmEnrolment(
  db: Database,
  owner: FactorOwner,
  code: string,
  now: Date,
): Promise<string[]> {
  return db.transaction(async (tx) => {
    const factor = await findFactor(tx, owner.kind, owner.id, { lock: true });
    if (!factor) throw conflict(twoFactorMessages.noEnrolment);
    if (factor.confirmedAt) throw conflict(twoFactorMessages.alreadyOn);
    const step = matchingStep(factor.secret, code, now);
    if (step === null) throw wrongCode('code');
    await tx
      .update(totpFactors)
      .set({ confirmedAt: now, lastUsedStep: step })
      .where(eq(totpFactors.id, factor.id));
    const codes = await replaceRecoveryCodes(tx, factor.id, now);
    await recordChange(tx, owner, 'two_factor.enable', 'two_factor_enabled', now);
    return codes;
  });
}

/** Ten new recovery codes; the old ones stop working in the same transaction. */
export async function regenerateRecoveryCodes(
  db: Database,
  owner: FactorOwner,
  now: Date,
): Promise<string[]> {
  return db.transaction(async (tx) => {
    const factor = await findFactor(tx, owner.kind, owner.id, { confirmed: true, lock: true });
    if (!factor) throw conflict(twoFactorMessages.notOn);
    const codes = await replaceRecoveryCodes(tx, factor.id, now);
    await recordChange(
      tx,
      owner,
      'two_factor.recovery_codes.regenerate',
      'recovery_codes_regenerated',
      now,
    );
    return codes;
  });
}

export interface SecondFactorAnswer {
  code?: string | undefined;
  recoveryCode?: string | undefined;
}

/**
 * Uses the answer up if it is right: a TOTP code only for a time step later than the last one
 * accepted, a recovery code only while unused. Both are conditional updates, so of two requests
 * racing with the same code exactly one gets it. Null when the answer is wrong or already spent.
 */
export async function spendAnswer(
  tx: Transaction,
  factor: Factor,
  answer: SecondFactorAnswer,
  now: Date,
): Promise<'code' | 'recoveryCode' | null> {
  if (answer.code !== undefined) {
    const step = matchingStep(factor.secret, answer.code, now);
    if (step === null) return null;
    const [spent] = await tx
      .update(totpFactors)
      .set({ lastUsedStep: step })
      .where(
        and(
          eq(totpFactors.id, factor.id),
          or(isNull(totpFactors.lastUsedStep), lt(totpFactors.lastUsedStep, step)),
        ),
      )
      .returning({ id: totpFactors.id });
    return spent ? 'code' : null;
  }
  if (answer.recoveryCode === undefined) return null;
  const [spent] = await tx
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.factorId, factor.id),
        eq(recoveryCodes.codeHash, recoveryCodeHash(answer.recoveryCode)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return spent ? 'recoveryCode' : null;
}

async function passwordMatches(db: Database, owner: FactorOwner, password: string) {
  const table = owner.kind === 'user' ? users : adminUsers;
  const [row] = await db
    .select({ passwordHash: table.passwordHash })
    .from(table)
    .where(eq(table.id, owner.id));
  return row !== undefined && (await verifyPassword(row.passwordHash, password));
}

/** Turning two-factor off takes the password and a current code together; the codes go too. */
export async function disableTwoFactor(
  db: Database,
  owner: FactorOwner,
  body: SecondFactorAnswer & { password: string },
  now: Date,
): Promise<void> {
  // Nothing to turn off: answered before the password is hashed.
  if (!(await hasConfirmedFactor(db, owner.kind, owner.id))) {
    throw conflict(twoFactorMessages.notOn);
  }
  if (!(await passwordMatches(db, owner, body.password))) {
    throw badRequest(twoFactorMessages.passwordIncorrect, {
      password: twoFactorMessages.passwordIncorrect,
    });
  }
  await db.transaction(async (tx) => {
    const factor = await findFactor(tx, owner.kind, owner.id, { confirmed: true, lock: true });
    if (!factor) throw conflict(twoFactorMessages.notOn);
    if (!(await spendAnswer(tx, factor, body, now))) {
      throw wrongCode(body.code !== undefined ? 'code' : 'recoveryCode');
    }
    await tx.delete(totpFactors).where(eq(totpFactors.id, factor.id));
    await recordChange(tx, owner, 'two_factor.disable', 'two_factor_disabled', now);
  });
}

/**
 * For an operator at the server (`npm run reset-two-factor`): someone who lost both the app and
 * the recovery codes. Turns two-factor off without a code, ends the sign-ins waiting for one,
 * and audits and mails it like any other change. False when the account has no two-factor.
 */
export async function resetTwoFactorByEmail(
  db: Database,
  kind: FactorOwner['kind'],
  email: string,
  now: Date,
): Promise<boolean> {
  const table = kind === 'user' ? users : adminUsers;
  const [row] = await db
    .select({ id: table.id, email: table.email })
    .from(table)
    .where(eq(sql`lower(${table.email})`, email.toLowerCase()));
  if (!row) return false;
  const owner: FactorOwner = { kind, id: row.id, email: row.email };
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(totpFactors)
      .where(eq(ownerColumn(kind), owner.id))
      .returning({ id: totpFactors.id });
    if (removed.length === 0) return false;
    await tx
      .delete(pendingSignIns)
      .where(eq(kind === 'user' ? pendingSignIns.userId : pendingSignIns.adminId, owner.id));
    await recordChange(tx, owner, 'two_factor.reset', 'two_factor_disabled', now);
    return true;
  });
}
