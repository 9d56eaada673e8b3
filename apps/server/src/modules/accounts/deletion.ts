import { accountLifecycleMessages } from '@btcp/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { publishRevocation } from '#server/db/notifications/channels.ts';
import {
  emailTokens,
  notifications,
  passkeys,
  pendingSignIns,
  profiles,
  pushPreferences,
  pushSubscriptions,
  sessions,
  totpFactors,
  users,
  webauthnChallenges,
} from '#server/db/schema.ts';
import { badRequest, notFound } from '#server/errors.ts';
import { queueSecurityNotice } from '#server/modules/mail/index.ts';
import { closeSessionOfUser } from '#server/modules/mining/index.ts';

/**
 * Decision 029: what a deleted account keeps in place of its address, unique by its id. It has no
 * `@`, so it is no address at all: no form accepts it, no mail can go to it, and nobody can
 * register it first and make the deletion clash with their account. The real address is free again.
 */
export const deletedAccountPlaceholder = (userId: string) => `deleted:${userId}`;

/** Not an argon2 hash: no password ever matches it (a malformed hash verifies as false). */
const UNUSABLE_PASSWORD_HASH = '!deleted';

/**
 * Deletes the member's account, all or nothing (decision 029). The row stays, anonymised, so the
 * ledger keeps its owner and posts keep their author (shown as "Deleted account"); everything that could
 * sign in or reach the member goes. An open mining session is closed as Stop closes it, paying what
 * its pings covered. The old address hears of it.
 */
export async function deleteAccount(
  db: Database,
  userId: string,
  typedEmail: string,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    // NO KEY UPDATE: a reward being credited meanwhile (a ledger row's key share) is not blocked.
    const [user] = await tx
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deletedAt)))
      .for('no key update');
    if (!user) throw notFound('Account not found');
    if (typedEmail.trim().toLowerCase() !== user.email.toLowerCase()) {
      throw badRequest(accountLifecycleMessages.deleteEmailMismatch, {
        email: accountLifecycleMessages.deleteEmailMismatch,
      });
    }
    await closeSessionOfUser(tx, userId, now);
    await tx
      .update(profiles)
      .set({
        username: null,
        avatarUrl: null,
        isModerator: false,
        showOnLeaderboard: false,
        updatedAt: now,
      })
      .where(eq(profiles.id, userId));
    await tx
      .update(users)
      .set({
        email: deletedAccountPlaceholder(userId),
        // The mailbox is free to register again (decision 031).
        emailNormalized: deletedAccountPlaceholder(userId),
        passwordHash: UNUSABLE_PASSWORD_HASH,
        deletedAt: now,
        lastSeenAt: null,
        updatedAt: now,
      })
      .where(eq(users.id, userId));
    // Recovery codes go with their factor (ON DELETE CASCADE).
    await tx.delete(totpFactors).where(eq(totpFactors.userId, userId));
    await tx.delete(passkeys).where(eq(passkeys.userId, userId));
    // Decision 063: nothing may reach the member's devices any more (their outbox goes too).
    await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
    await tx.delete(pushPreferences).where(eq(pushPreferences.userId, userId));
    await tx.delete(webauthnChallenges).where(eq(webauthnChallenges.userId, userId));
    await tx.delete(pendingSignIns).where(eq(pendingSignIns.userId, userId));
    await tx.delete(emailTokens).where(eq(emailTokens.userId, userId));
    await tx.delete(notifications).where(eq(notifications.userId, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    // Every session cache and event stream of the account, in every process, once this commits.
    await publishRevocation(tx, { userId });
    await queueSecurityNotice(tx, user.email, 'account_deleted', now);
  });
}
