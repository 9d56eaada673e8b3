import { type AdminStats, AdminStatsSchema } from '@btcp/shared';
import { count, countDistinct, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import {
  communityPosts,
  communityReports,
  miningSessions,
  users,
  wallets,
} from '#server/db/schema.ts';

export { AdminStatsSchema };

/** The admin dashboard's four cards, all real figures (D19). */
export async function adminStats(db: Database): Promise<AdminStats> {
  const [[registered], [miners], [circulation], [posts], [flagged], [reported]] = await Promise.all(
    [
      db.select({ value: count() }).from(users),
      db.select({ value: count() }).from(miningSessions),
      db
        .select({ value: sql<string>`coalesce(sum(${wallets.balance}), 0)::numeric(20,8)::text` })
        .from(wallets),
      db.select({ value: count() }).from(communityPosts),
      db
        .select({ value: count() })
        .from(communityPosts)
        .where(eq(communityPosts.status, 'flagged')),
      // Items, not reports: one post reported by five members is one thing to look at.
      db
        .select({
          value: countDistinct(
            sql`coalesce(${communityReports.postId}, ${communityReports.commentId})`,
          ),
        })
        .from(communityReports)
        .where(isNull(communityReports.resolvedAt)),
    ],
  );
  return {
    registeredUsers: registered?.value ?? 0,
    activeMiners: miners?.value ?? 0,
    circulation: circulation?.value ?? '0.00000000',
    communityPosts: posts?.value ?? 0,
    flaggedPosts: flagged?.value ?? 0,
    openReports: reported?.value ?? 0,
  };
}
