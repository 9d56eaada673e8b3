import { randomInt } from 'node:crypto';
import {
  authMessages,
  ErrorCode,
  REFERRAL_CODE_ALPHABET,
  type RegisterBody,
  type ResetPasswordBody,
} from '@btcp/shared';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { ServiceContext } from '#server/context.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { memberColumns } from '#server/db/members.ts';
import { emailTokens, profiles, users, wallets } from '#server/db/schema.ts';
import { AppError, badRequest, emailNotVerified } from '#server/errors.ts';
import { consumeEmailLink } from '#server/lib/email-links.ts';
import {
  assertStrongPassword,
  hashNewPassword,
  verifyAgainstNothing,
  verifyPassword,
} from '#server/lib/passwords.ts';
import { hashToken, randomToken } from '#server/lib/tokens.ts';
import {
  assertUsernameFree,
  deliverEmailChange,
  isUsernameClash,
  sameMailbox,
  usernameTakenError,
} from '#server/modules/accounts/index.ts';
import { endOtherUserSessions } from '#server/modules/auth/index.ts';
import {
  alreadyRegisteredMessage,
  enqueueMail,
  isSecurityEvent,
  type MailDeliverer,
  resetPasswordMessage,
  securityNoticeMessage,
  verifyEmailMessage,
} from '#server/modules/mail/index.ts';
import { payQualifiedReferrals, recordReferral } from '#server/modules/referrals/index.ts';
import { loadSettings } from '#server/modules/settings/index.ts';
import {
  admitSignUp,
  refuseDisposableEmail,
  type SignUpAttempt,
  signUpColumns,
  spendProof,
  type VerifiedProof,
} from '#server/modules/sign-up/index.ts';
import { endPendingSignIns, hasConfirmedFactorColumn } from '#server/modules/two-factor/index.ts';

const HOUR_MS = 3_600_000;
/** D6: verification links live 24 h; reset links 1 h and work once. */
const LINK_LIFETIME_MS = { verify_email: 24 * HOUR_MS, reset_password: HOUR_MS } as const;

/** A link that is unknown, used or expired; the message says which link to ask for again. */
export const invalidTokenError = (purpose: 'verify_email' | 'reset_password') =>
  new AppError(
    400,
    ErrorCode.invalidToken,
    `${authMessages.invalidOrExpiredLink}. ${
      purpose === 'verify_email'
        ? authMessages.invalidOrExpiredVerificationLinkDescription
        : authMessages.invalidOrExpiredLinkDescription
    }`,
  );

function newReferralCode(): string {
  let code = '';
  for (let i = 0; i < 8; i++)
    code += REFERRAL_CODE_ALPHABET[randomInt(REFERRAL_CODE_ALPHABET.length)];
  return code;
}

async function issueLink(
  ctx: ServiceContext,
  userId: string,
  purpose: 'verify_email' | 'reset_password',
): Promise<string> {
  const token = randomToken();
  await ctx.db.insert(emailTokens).values({
    tokenHash: hashToken(token),
    userId,
    purpose,
    expiresAt: new Date(ctx.clock.now().getTime() + LINK_LIFETIME_MS[purpose]),
  });
  return token;
}

export async function findUserByEmail(ctx: ServiceContext, email: string) {
  const [user] = await ctx.db
    .select({
      ...memberColumns,
      passwordHash: users.passwordHash,
      emailVerifiedAt: users.emailVerifiedAt,
      hasSecondFactor: hasConfirmedFactorColumn('user'),
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    // A deleted account's placeholder address never signs in or gets mail (decision 029).
    .where(and(eq(sql`lower(${users.email})`, email.toLowerCase()), isNull(users.deletedAt)))
    .limit(1);
  return user ?? null;
}

/** The live account whose mailbox this address reaches (decision 031: one mailbox, one account). */
async function findAccountOfMailbox(ctx: ServiceContext, email: string) {
  const [user] = await ctx.db
    .select({ email: users.email })
    .from(users)
    .where(and(sameMailbox(email), isNull(users.deletedAt)))
    .limit(1);
  return user ?? null;
}

/**
 * An address whose mailbox has an account: its owner is told so by mail, and the caller gets the
 * answer a new account gets. The same limit and the same proof apply, so the answer cannot differ.
 */
async function answerKnownMailbox(ctx: ServiceContext, email: string, attempt: SignUpAttempt) {
  const existing = await findAccountOfMailbox(ctx, email);
  await ctx.db.transaction(async (tx) => {
    await admitSignUp(tx, attempt, { lock: false });
    if (existing) await enqueueMail(tx, 'already_registered', existing.email, ctx.clock.now());
  });
}

/**
 * Registers an account: user, profile with a unique referral code, wallet at 0, all or nothing.
 * An address that already has an account gets the same answer, and its owner an email saying so,
 * so the form never reveals who is registered.
 */
export async function register(
  ctx: ServiceContext,
  body: RegisterBody,
  attempt: SignUpAttempt,
): Promise<void> {
  assertStrongPassword(body.password);
  refuseDisposableEmail(ctx.config, body.email, 'email');
  let referrerId: string | null = null;
  if (body.referralCode) {
    // A deleted account's code is no longer anyone's (decision 029).
    const [referrer] = await ctx.db
      .select({ id: profiles.id })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.id))
      .where(and(eq(profiles.referralCode, body.referralCode), isNull(users.deletedAt)));
    if (!referrer) {
      throw badRequest(authMessages.referralCodeUnknown, {
        referralCode: authMessages.referralCodeUnknown,
      });
    }
    referrerId = referrer.id;
  }
  // Decision 055: a username may be chosen here; a taken one is refused whoever owns the address,
  // so the answer says nothing about who is registered.
  const username = body.username || null;
  if (username) await assertUsernameFree(ctx.db, username);
  const passwordHash = await hashNewPassword(body.password);
  if (await findAccountOfMailbox(ctx, body.email)) {
    await answerKnownMailbox(ctx, body.email, attempt);
    return;
  }
  let userId: string | null = null;
  for (let attempts = 0; attempts < 5 && !userId; attempts++) {
    try {
      userId = await ctx.db.transaction(async (tx) => {
        await admitSignUp(tx, attempt, { lock: true });
        const [user] = await tx
          .insert(users)
          .values({ email: body.email, passwordHash, ...signUpColumns(body.email, attempt) })
          .returning({ id: users.id });
        if (!user) throw new Error('user insert returned nothing');
        await tx.insert(profiles).values({
          id: user.id,
          username,
          referralCode: newReferralCode(),
          referredBy: referrerId,
        });
        await tx.insert(wallets).values({ userId: user.id });
        if (referrerId) {
          const now = ctx.clock.now();
          await recordReferral(tx, {
            referredUserId: user.id,
            referrerId,
            network: attempt.source.network,
            now,
          });
        }
        return user.id;
      });
    } catch (error) {
      // Two registrations of one mailbox at once: the loser answers like any known address.
      if (
        isUniqueViolation(error, 'users_email_lower_key') ||
        isUniqueViolation(error, 'users_email_normalized_key')
      ) {
        await answerKnownMailbox(ctx, body.email, attempt);
        return;
      }
      // Taken by another sign-up since the check above.
      if (isUsernameClash(error)) throw usernameTakenError();
      if (!isUniqueViolation(error, 'profiles_referral_code_key')) throw error;
    }
  }
  if (!userId) throw new Error('could not find a free referral code');
  await enqueueMail(ctx.db, 'verify_email', body.email, ctx.clock.now());
}

/**
 * D6, decision 033: verifying marks the address verified and signs nobody in. The first
 * verification pays the referrer when no mining is asked for (or it was already done); the
 * conditional update and the pending row's lock make that happen once even when the link is
 * opened twice at the same moment.
 */
export async function verifyEmail(ctx: ServiceContext, token: string): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const userId = (await consumeEmailLink(tx, token, 'verify_email', now))?.userId;
    if (!userId) throw invalidTokenError('verify_email');
    const [flipped] = await tx
      .update(users)
      .set({ emailVerifiedAt: now, updatedAt: now })
      .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)))
      .returning({ id: users.id });
    if (flipped) await payQualifiedReferrals(tx, await loadSettings(tx), [userId]);
  });
}

/**
 * D6: a fresh verification link for an unverified account. The request only queues it, with the
 * same single insert for every address (docs/decisions/012): the drainer decides whether anything is sent.
 */
export async function resendVerification(
  ctx: ServiceContext,
  email: string,
  proof: VerifiedProof,
): Promise<void> {
  await queueProvenMail(ctx, 'verify_email', email, proof);
}

/** Spends the request's proof of work (decision 031) and queues the mail, together or neither. */
async function queueProvenMail(
  ctx: ServiceContext,
  kind: 'verify_email' | 'reset_password',
  email: string,
  proof: VerifiedProof,
) {
  await ctx.db.transaction(async (tx) => {
    await spendProof(tx, proof);
    await enqueueMail(tx, kind, email, ctx.clock.now());
  });
}

/** Checks a user's credentials; the unverified state is told only to someone who knows the password. */
/** A member's password checked against their account as `findUserByEmail` found it (or did not). */
export async function authenticateUser(
  user: Awaited<ReturnType<typeof findUserByEmail>>,
  password: string,
) {
  if (!user) {
    await verifyAgainstNothing(password);
    throw new AppError(401, ErrorCode.invalidCredentials, authMessages.invalidCredentials);
  }
  if (!(await verifyPassword(user.passwordHash, password))) {
    throw new AppError(401, ErrorCode.invalidCredentials, authMessages.invalidCredentials);
  }
  if (!user.emailVerifiedAt) throw emailNotVerified();
  return user;
}

/** D6: the same answer, and the same work (one queued row), for known and unknown addresses. */
export async function forgotPassword(
  ctx: ServiceContext,
  email: string,
  proof: VerifiedProof,
): Promise<void> {
  await queueProvenMail(ctx, 'reset_password', email, proof);
}

/**
 * The drainer's half of the mails above (outside any request): resolves the address, issues the
 * link and sends; an address with no account (or nothing to verify) gets nothing.
 */
export const deliverAccountMail: MailDeliverer = async (ctx, mail) => {
  const origin = ctx.config.publicOrigin;
  // A notice goes to the address it was queued for, which may no longer be the account's.
  if (mail.kind === 'security_notice') {
    const event = (mail.payload as { event?: unknown } | null)?.event;
    if (isSecurityEvent(event)) {
      await ctx.mailer.send(securityNoticeMessage(mail.email, event, origin));
    }
    return;
  }
  // Keyed by the account asking, not by the address, which is not the account's yet.
  if (mail.kind === 'change_email') return deliverEmailChange(ctx, mail);
  const user = await findUserByEmail(ctx, mail.email);
  if (!user) return;
  if (mail.kind === 'already_registered') {
    await ctx.mailer.send(alreadyRegisteredMessage(user.email, `${origin}/login`));
  } else if (mail.kind === 'verify_email') {
    if (user.emailVerifiedAt) return;
    const token = await issueLink(ctx, user.id, 'verify_email');
    await ctx.mailer.send(verifyEmailMessage(user.email, `${origin}/verify-email?token=${token}`));
  } else if (mail.kind === 'reset_password') {
    const token = await issueLink(ctx, user.id, 'reset_password');
    await ctx.mailer.send(
      resetPasswordMessage(user.email, `${origin}/reset-password?token=${token}`),
    );
  }
};

export async function isResetLinkValid(ctx: ServiceContext, token: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ userId: emailTokens.userId })
    .from(emailTokens)
    .where(
      and(
        eq(emailTokens.tokenHash, hashToken(token)),
        eq(emailTokens.purpose, 'reset_password'),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, ctx.clock.now()),
      ),
    );
  return Boolean(row);
}

/** Sets a new password from a reset link (once), and ends every session of the account (D3). */
export async function resetPassword(ctx: ServiceContext, body: ResetPasswordBody): Promise<void> {
  const passwordHash = await hashNewPassword(body.password);
  const now = ctx.clock.now();
  const userId = await ctx.db.transaction(async (tx) => {
    const id = (await consumeEmailLink(tx, body.token, 'reset_password', now))?.userId;
    if (!id) throw invalidTokenError('reset_password');
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, id));
    await endPendingSignIns(tx, 'user', id);
    return id;
  });
  await endOtherUserSessions(ctx.db, userId);
}
