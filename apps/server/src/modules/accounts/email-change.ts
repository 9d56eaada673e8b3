import { accountLifecycleMessages, ErrorCode, SITE_NAME } from '@btcp/shared';
import { and, eq, gt, isNull, lte, ne, sql } from 'drizzle-orm';
import type { ServiceContext } from '#server/context.ts';
import type { Database } from '#server/db/client.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { publishRevocation } from '#server/db/notifications/channels.ts';
import { emailTokens, type mailQueue, users } from '#server/db/schema.ts';
import { AppError, badRequest, notFound } from '#server/errors.ts';
import { normalizeEmail } from '#server/lib/email-identity.ts';
import { consumeEmailLink } from '#server/lib/email-links.ts';
import { hashToken, randomToken } from '#server/lib/tokens.ts';
import { composeMessage, enqueueMail, queueSecurityNotice } from '#server/modules/mail/index.ts';
import { sameMailbox } from './mailbox.ts';

/** Decision 029: a change link lives as long as a verification link. */
const CHANGE_LINK_LIFETIME_MS = 24 * 3_600_000;

const emailInUse = () =>
  new AppError(409, ErrorCode.conflict, accountLifecycleMessages.emailInUse, {
    newEmail: accountLifecycleMessages.emailInUse,
  });

const invalidChangeLink = () =>
  new AppError(400, ErrorCode.invalidToken, accountLifecycleMessages.invalidChangeLink);

/** The unused change links of an account; a newer request makes the older ones worthless. */
const unusedChangeLinks = (userId: string) =>
  and(
    eq(emailTokens.userId, userId),
    eq(emailTokens.purpose, 'change_email'),
    isNull(emailTokens.usedAt),
  );

/**
 * Queues the link to the new address and a notice to the current one, in one transaction. The
 * answer never says whether the new address has an account: the drainer decides that, later.
 */
export async function requestEmailChange(
  db: Database,
  userId: string,
  newEmail: string,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
    if (!user) throw notFound('Account not found');
    if (user.email.toLowerCase() === newEmail.toLowerCase()) {
      throw badRequest(accountLifecycleMessages.sameEmail, {
        newEmail: accountLifecycleMessages.sameEmail,
      });
    }
    await tx.delete(emailTokens).where(unusedChangeLinks(userId));
    await enqueueMail(tx, 'change_email', newEmail, now, { userId });
    await queueSecurityNotice(tx, user.email, 'email_change_requested', now);
  });
}

function changeEmailMessage(to: string, link: string) {
  return composeMessage(
    to,
    `Confirm your new email for ${SITE_NAME}`,
    [
      `Someone asked to make this the email address of a ${SITE_NAME} account. If it was you, confirm it with the link below; you will sign in with this address from then on.`,
      'The link works once, for 24 hours. If you did not ask for it, ignore this email: nothing changes.',
    ],
    { label: 'Confirm email', url: link },
  );
}

/** Whether another account has the address, or one reaching the same mailbox (decision 031). */
async function addressTaken(db: Database, email: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sameMailbox(email), ne(users.id, userId)))
    .limit(1);
  return Boolean(row);
}

/**
 * The drainer's half (decision 029): issues the link and mails it to the new address. An address
 * that already has an account gets nothing, so the mailbox of its owner is not used to say that
 * someone tried. A request older than one already delivered gives way to it: each link is dated
 * with its request, and the newest request's link is the only one that stays.
 */
export async function deliverEmailChange(
  ctx: ServiceContext,
  mail: typeof mailQueue.$inferSelect,
): Promise<void> {
  const userId = (mail.payload as { userId?: unknown } | null)?.userId;
  if (typeof userId !== 'string') return;
  const [user] = await ctx.db
    .select({ email: users.email, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!user || user.deletedAt || user.email.toLowerCase() === mail.email.toLowerCase()) return;
  if (await addressTaken(ctx.db, mail.email, userId)) return;
  const token = randomToken();
  const issued = await ctx.db.transaction(async (tx) => {
    const [newer] = await tx
      .select({ tokenHash: emailTokens.tokenHash })
      .from(emailTokens)
      .where(and(unusedChangeLinks(userId), gt(emailTokens.createdAt, mail.createdAt)))
      .limit(1);
    if (newer) return false;
    await tx
      .delete(emailTokens)
      .where(and(unusedChangeLinks(userId), lte(emailTokens.createdAt, mail.createdAt)));
    await tx.insert(emailTokens).values({
      tokenHash: hashToken(token),
      userId,
      purpose: 'change_email',
      newEmail: mail.email,
      expiresAt: new Date(ctx.clock.now().getTime() + CHANGE_LINK_LIFETIME_MS),
      createdAt: mail.createdAt,
    });
    return true;
  });
  if (!issued) return;
  const link = `${ctx.config.publicOrigin}/account/confirm-email?token=${token}`;
  await ctx.mailer.send(changeEmailMessage(mail.email, link));
}

/**
 * Uses a change link once: the account signs in with the new address from now on, the old one
 * hears of it, and every session's cached copy of the account is dropped in every process, so
 * each serves the new address at its next request. An address taken since the link was sent is a
 * 409, and nothing is written (the link stays usable should the address become free).
 */
export async function confirmEmailChange(db: Database, token: string, now: Date): Promise<string> {
  try {
    return await db.transaction(async (tx) => {
      const link = await consumeEmailLink(tx, token, 'change_email', now);
      if (!link?.newEmail) throw invalidChangeLink();
      const [before] = await tx
        .select({ email: users.email })
        .from(users)
        .where(and(eq(users.id, link.userId), isNull(users.deletedAt)))
        .for('update');
      if (!before) throw invalidChangeLink();
      await tx
        .update(users)
        .set({
          email: link.newEmail,
          emailNormalized: normalizeEmail(link.newEmail),
          // Opening the link proves the new address is the member's.
          emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now})`,
          updatedAt: now,
        })
        .where(eq(users.id, link.userId));
      // Links mailed to the old address (a reset) must not outlive it; this one is used.
      await tx.delete(emailTokens).where(eq(emailTokens.userId, link.userId));
      await queueSecurityNotice(tx, before.email, 'email_changed', now);
      // Sessions stay (the password did not change), but every process drops its cached copy of
      // the account and its open pages ask for the session again, as after a ban (decision 029).
      await publishRevocation(tx, { userId: link.userId });
      return link.newEmail;
    });
  } catch (error) {
    if (
      isUniqueViolation(error, 'users_email_lower_key') ||
      isUniqueViolation(error, 'users_email_normalized_key')
    ) {
      throw emailInUse();
    }
    throw error;
  }
}
