import { type Account, adminMessages, authMessages, ErrorCode } from '@btcp/shared';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database, DatabaseOrTransaction } from '#server/db/client.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { memberColumns } from '#server/db/members.ts';
import { profiles, sessions, totpFactors, users } from '#server/db/schema.ts';
import { AppError, badRequest, notFound } from '#server/errors.ts';
import { hashNewPassword, verifyPassword } from '#server/lib/passwords.ts';
import { hashToken } from '#server/lib/tokens.ts';
import { endOtherUserSessions } from '#server/modules/auth/index.ts';
import { queueSecurityNotice } from '#server/modules/mail/index.ts';
import { endPendingSignIns } from '#server/modules/two-factor/index.ts';

export async function getAccount(db: Database, userId: string): Promise<Account> {
  const [row] = await db
    .select({
      ...memberColumns,
      username: profiles.username,
      referralCode: profiles.referralCode,
      showOnLeaderboard: profiles.showOnLeaderboard,
      createdAt: users.createdAt,
      twoFactorSince: totpFactors.confirmedAt,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .leftJoin(
      totpFactors,
      and(eq(totpFactors.userId, users.id), isNotNull(totpFactors.confirmedAt)),
    )
    .where(eq(users.id, userId));
  if (!row) throw notFound('Account not found');
  const { twoFactorSince, ...account } = row;
  return {
    ...account,
    createdAt: row.createdAt.toISOString(),
    twoFactorEnabled: twoFactorSince !== null,
  };
}

export const usernameTakenError = () =>
  new AppError(409, ErrorCode.usernameTaken, authMessages.usernameTaken, {
    username: authMessages.usernameTaken,
  });

/** A username write that lost to an equal one (any case): the 409 the forms show on the field. */
export function isUsernameClash(error: unknown): boolean {
  return isUniqueViolation(error, 'profiles_username_lower_key');
}

/** A 409 for a username some account has already (any case), before anything is written. */
export async function assertUsernameFree(db: DatabaseOrTransaction, username: string) {
  const [taken] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(sql`lower(${profiles.username})`, username.toLowerCase()))
    .limit(1);
  if (taken) throw usernameTakenError();
}

/** Usernames are unique whatever their case; the database index decides races. */
export async function updateUsername(
  db: Database,
  userId: string,
  username: string,
  now: Date,
): Promise<Account> {
  try {
    await db.update(profiles).set({ username, updatedAt: now }).where(eq(profiles.id, userId));
  } catch (error) {
    if (isUsernameClash(error)) throw usernameTakenError();
    throw error;
  }
  return getAccount(db, userId);
}

export async function changePassword(
  db: Database,
  userId: string,
  passwords: { currentPassword: string; newPassword: string },
  currentToken: string | undefined,
  now: Date,
): Promise<void> {
  const { currentPassword, newPassword } = passwords;
  const [user] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  if (!user || !(await verifyPassword(user.passwordHash, currentPassword))) {
    throw badRequest(adminMessages.currentPasswordIncorrect, {
      currentPassword: adminMessages.currentPasswordIncorrect,
    });
  }
  const passwordHash = await hashNewPassword(newPassword, 'newPassword');
  await db.transaction(async (tx) => {
    const [changed] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: now })
      .where(eq(users.id, userId))
      .returning({ email: users.email });
    if (!changed) return;
    await endPendingSignIns(tx, 'user', userId);
    await queueSecurityNotice(tx, changed.email, 'password_changed', now);
    if (currentToken) {
      // The current password was just entered: it counts as entering it again (decision 029).
      await tx
        .update(sessions)
        .set({ reauthenticatedAt: now })
        .where(and(eq(sessions.tokenHash, hashToken(currentToken)), eq(sessions.userId, userId)));
    }
  });
  await endOtherUserSessions(db, userId, currentToken);
}
