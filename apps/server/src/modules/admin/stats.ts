import { type AdminStats, AdminStatsSchema } from '@btcp/shared';
import { count, eq, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { communityPosts, miningSessions, users, wallets } from '#server/db/schema.ts';

export { AdminStatsSchema };

/** The admin dashboard's four cards, all real figures (D19). */
export async function adminStats(db: Database): Promise<AdminStats> {
  const [[registered], [miners], [circulation], [posts], [flagged]] = await Promise.all([
    db.select({ value: count() }).from(users),
    db.select({ value: count() }).from(miningSessions),
    db
      .select({ value: sql<string>`coalesce(sum(${wallets.balance}), 0)::numeric(20,8)::text` })
      .from(wallets),
    db.select({ value: count() }).from(communityPosts),
    db.select({ value: count() }).from(communityPosts).where(eq(communityPosts.status, 'flagged')),
  ]);
  return {
    registeredUsers: registered?.value ?? 0,
    activeMiners: miners?.value ?? 0,
    circulation: circulation?.value ?? '0.00000000',
    communityPosts: posts?.value ?? 0,
    flaggedPosts: flagged?.value ?? 0,
  };
}
