import {
  accountLifecycleMessages,
  ErrorCode,
  memberNameMessages,
  type Staff,
  type UpdateAdminUserBody,
} from '@btcp/shared';
import { eq } from 'drizzle-orm';
import type { Transaction } from '#server/db/client.ts';
import { publishRevocation } from '#server/db/notifications/channels.ts';
import { profiles, users } from '#server/db/schema.ts';
import { AppError, notFound } from '#server/errors.ts';
import { memberTag } from '#server/lib/member-tag.ts';
import { audit } from '#server/modules/audit/index.ts';
import { logModeration } from './log.ts';

// Here, not in admin/: the admin area and Signals both ban, and Signals sits below the admin area
// that mounts it (docs/decisions/050-modules-point-one-way.md).

/**
 * The flags' change itself, in the caller's transaction: a single ban here, or every account of a
 * Signals cluster at once (decision 033). Returns whether anything changed.
 */
export async function applyUserFlags(
  tx: Transaction,
  actor: Staff,
  userId: string,
  body: UpdateAdminUserBody,
  now: Date,
): Promise<boolean> {
  const [before] = await tx
    .select({
      isBanned: profiles.isBanned,
      isModerator: profiles.isModerator,
      username: profiles.username,
      deletedAt: users.deletedAt,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(eq(profiles.id, userId))
    .for('update', { of: profiles });
  if (!before) throw notFound('User not found');
  // Nobody can sign in to a deleted account: a ban or a moderator flag would mean nothing.
  if (before.deletedAt) {
    throw new AppError(409, ErrorCode.conflict, accountLifecycleMessages.accountDeletedStaff);
  }
  const changes: Partial<{ isBanned: boolean; isModerator: boolean }> = {};
  if (body.isBanned !== undefined && body.isBanned !== before.isBanned)
    changes.isBanned = body.isBanned;
  if (body.isModerator !== undefined && body.isModerator !== before.isModerator)
    changes.isModerator = body.isModerator;
  if (Object.keys(changes).length > 0) {
    // The user's open streams end (once this commits) and reconnect to the account's new state.
    await publishRevocation(tx, { userId });
    await tx
      .update(profiles)
      .set({ ...changes, updatedAt: now })
      .where(eq(profiles.id, userId));
    // The log's label is the public name, never the email: the public log shows it.
    const logged = { target: { type: 'user', id: userId }, targetUserId: userId } as const;
    const targetLabel = before.username ?? memberNameMessages.memberLabel(memberTag(userId));
    if (changes.isBanned !== undefined) {
      await audit(tx, actor, changes.isBanned ? 'user.ban' : 'user.unban', {
        type: 'user',
        id: userId,
      });
      const action = changes.isBanned ? 'user.ban' : 'user.unban';
      await logModeration(tx, actor, { ...logged, action, targetLabel, reason: body.reason });
    }
    if (changes.isModerator !== undefined) {
      await audit(
        tx,
        actor,
        changes.isModerator ? 'user.moderator.grant' : 'user.moderator.revoke',
        {
          type: 'user',
          id: userId,
        },
      );
      const action = changes.isModerator ? 'moderator.add' : 'moderator.remove';
      await logModeration(tx, actor, { ...logged, action, targetLabel, reason: body.reason });
    }
  }
  return Object.keys(changes).length > 0;
}
