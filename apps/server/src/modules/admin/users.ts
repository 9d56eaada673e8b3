import {
  type AdminUser,
  accountLifecycleMessages,
  ErrorCode,
  type Staff,
  type UpdateAdminUserBody,
} from '@btcp/shared';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '#server/db/client.ts';
import { newestFirst } from '#server/db/order.ts';
import { profiles, users } from '#server/db/schema.ts';
import { containingAnywhere, type SearchPageQuery } from '#server/db/search.ts';
import { AppError, notFound } from '#server/errors.ts';
import { audit } from '../audit/service.ts';
import { logModeration } from '../moderation/log.ts';
import { publishRevocation } from '../realtime/hub.ts';

function rowSelection() {
  return {
    id: users.id,
    email: users.email,
    username: profiles.username,
    referralCode: profiles.referralCode,
    referralsCount: sql<number>`(SELECT count(*)::int FROM profiles AS referred WHERE referred.referred_by = ${profiles.id})`,
    isModerator: profiles.isAdmin,
    isBanned: profiles.isBanned,
    emailVerified: sql<boolean>`${users.emailVerifiedAt} IS NOT NULL`,
    createdAt: users.createdAt,
    deletedAt: users.deletedAt,
  };
}

const toAdminUser = (
  row: Omit<AdminUser, 'createdAt' | 'deletedAt'> & { createdAt: Date; deletedAt: Date | null },
): AdminUser => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  deletedAt: row.deletedAt?.toISOString() ?? null,
});

/** Server-side search (case-insensitive, email or username) and pagination, newest first. */
export async function listUsers(db: Database, query: SearchPageQuery) {
  const where = containingAnywhere(query.search, [users.email, profiles.username]);
  const [rows, [total]] = await Promise.all([
    db
      .select(rowSelection())
      .from(users)
      .innerJoin(profiles, eq(profiles.id, users.id))
      .where(where)
      .orderBy(newestFirst(users.createdAt), newestFirst(users.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ value: count() })
      .from(users)
      .innerJoin(profiles, eq(profiles.id, users.id))
      .where(where),
  ]);
  return {
    items: rows.map(toAdminUser),
    total: total?.value ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/**
 * Toggles the ban and moderator flags, audited and written to the moderation log (with the
 * optional reason) in the same transaction.
 */
export async function updateUserFlags(
  db: Database,
  actor: Staff,
  userId: string,
  body: UpdateAdminUserBody,
  now: Date,
) {
  return db.transaction(async (tx) => {
    await applyUserFlags(tx, actor, userId, body, now);
    const [row] = await tx
      .select(rowSelection())
      .from(users)
      .innerJoin(profiles, eq(profiles.id, users.id))
      .where(and(eq(users.id, userId)));
    if (!row) throw notFound('User not found');
    return toAdminUser(row);
  });
}

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
      isModerator: profiles.isAdmin,
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
  const changes: Partial<{ isBanned: boolean; isAdmin: boolean }> = {};
  if (body.isBanned !== undefined && body.isBanned !== before.isBanned)
    changes.isBanned = body.isBanned;
  if (body.isModerator !== undefined && body.isModerator !== before.isModerator)
    changes.isAdmin = body.isModerator;
  if (Object.keys(changes).length > 0) {
    // The user's open streams end (once this commits) and reconnect to the account's new state.
    await publishRevocation(tx, { userId });
    await tx
      .update(profiles)
      .set({ ...changes, updatedAt: now })
      .where(eq(profiles.id, userId));
    // The log's label is the public name, never the email: the public log shows it.
    const logged = { target: { type: 'user', id: userId }, targetUserId: userId } as const;
    const targetLabel = before.username ?? 'A member without a username';
    if (changes.isBanned !== undefined) {
      await audit(tx, actor, changes.isBanned ? 'user.ban' : 'user.unban', {
        type: 'user',
        id: userId,
      });
      const action = changes.isBanned ? 'user.ban' : 'user.unban';
      await logModeration(tx, actor, { ...logged, action, targetLabel, reason: body.reason });
    }
    if (changes.isAdmin !== undefined) {
      await audit(tx, actor, changes.isAdmin ? 'user.moderator.grant' : 'user.moderator.revoke', {
        type: 'user',
        id: userId,
      });
      const action = changes.isAdmin ? 'moderator.add' : 'moderator.remove';
      await logModeration(tx, actor, { ...logged, action, targetLabel, reason: body.reason });
    }
  }
  return Object.keys(changes).length > 0;
}
