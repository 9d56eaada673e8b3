import type { AdminUser, Staff, UpdateAdminUserBody } from '@btcp/shared';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { newestFirst } from '#server/db/order.ts';
import { numberedPage } from '#server/db/pages.ts';
import { profiles, users } from '#server/db/schema.ts';
import { containingAnywhere, type SearchPageQuery } from '#server/db/search.ts';
import { notFound } from '#server/errors.ts';
import { memberTag } from '#server/lib/member-tag.ts';
import { applyUserFlags } from '#server/modules/moderation/index.ts';

function rowSelection() {
  return {
    id: users.id,
    email: users.email,
    username: profiles.username,
    referralCode: profiles.referralCode,
    referralsCount: sql<number>`(SELECT count(*)::int FROM profiles AS referred WHERE referred.referred_by = ${profiles.id})`,
    isModerator: profiles.isModerator,
    isBanned: profiles.isBanned,
    emailVerified: sql<boolean>`${users.emailVerifiedAt} IS NOT NULL`,
    createdAt: users.createdAt,
    deletedAt: users.deletedAt,
  };
}

const toAdminUser = (
  row: Omit<AdminUser, 'memberTag' | 'createdAt' | 'deletedAt'> & {
    createdAt: Date;
    deletedAt: Date | null;
  },
): AdminUser => ({
  ...row,
  memberTag: memberTag(row.id),
  createdAt: row.createdAt.toISOString(),
  deletedAt: row.deletedAt?.toISOString() ?? null,
});

/** Server-side search (case-insensitive, email or username) and pagination, newest first. */
export async function listUsers(db: Database, query: SearchPageQuery) {
  const where = containingAnywhere(query.search, [users.email, profiles.username]);
  const page = await numberedPage(
    query,
    (limit, offset) =>
      db
        .select(rowSelection())
        .from(users)
        .innerJoin(profiles, eq(profiles.id, users.id))
        .where(where)
        .orderBy(newestFirst(users.createdAt), newestFirst(users.id))
        .limit(limit)
        .offset(offset),
    db
      .select({ value: count() })
      .from(users)
      .innerJoin(profiles, eq(profiles.id, users.id))
      .where(where),
  );
  return { ...page, items: page.items.map(toAdminUser) };
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
