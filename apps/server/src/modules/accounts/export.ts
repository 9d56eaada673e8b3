import { asc, eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { memberColumns } from '#server/db/members.ts';
import {
  communityComments,
  communityPosts,
  communityVotes,
  miningDays,
  miningSessions,
  miningStreaks,
  notifications,
  profiles,
  transactions,
  users,
  wallets,
} from '#server/db/schema.ts';
import { notFound } from '#server/errors.ts';
import { listSessions } from '#server/modules/auth/index.ts';
import { shownDayColumns } from '#server/modules/mining/index.ts';
import { pushDataOf } from '#server/modules/push/index.ts';

/** A condition on a table's user_id: the member's own rows. */
const ownedBy =
  (userId: string) =>
  <T extends { userId: unknown }>(table: T) =>
    eq(table.userId as never, userId);

/**
 * Everything the platform holds about one member, as one JSON document they can take away: their
 * profile, wallet and every ledger row, mining sessions, mining days and streak, posts, comments,
 * votes, the members they
 * referred (by username and date only: the referred member's own data is theirs), sessions,
 * notifications and push devices. Secrets (the password's hash, session keys) are never in it.
 */
export async function exportAccount(
  db: Database,
  userId: string,
  currentSessionHash: string | undefined,
  now: Date,
) {
  const [account] = await db
    .select({
      ...memberColumns,
      emailVerifiedAt: users.emailVerifiedAt,
      createdAt: users.createdAt,
      lastSeenAt: users.lastSeenAt,
      username: profiles.username,
      referralCode: profiles.referralCode,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, userId));
  if (!account) throw notFound('User not found');
  const mine = ownedBy(userId);
  const [wallet, ledger, mining, community, referred, sessions, notices, push] = await Promise.all([
    db.select({ balance: wallets.balance }).from(wallets).where(mine(wallets)),
    // Named columns: an adjustment's admin and Idempotency-Key are staff's, not the member's.
    db
      .select({
        id: transactions.id,
        amount: transactions.amount,
        transactionType: transactions.transactionType,
        description: transactions.description,
        reason: transactions.reason,
        createdAt: transactions.createdAt,
      })
      .from(transactions)
      .where(mine(transactions))
      .orderBy(asc(transactions.createdAt)),
    miningData(db, userId),
    communityData(db, userId),
    db
      .select({ username: profiles.username, joinedAt: profiles.createdAt })
      .from(profiles)
      .where(eq(profiles.referredBy, userId)),
    listSessions(db, { kind: 'user', id: userId }, currentSessionHash, now),
    db
      .select({
        kind: notifications.kind,
        postId: notifications.postId,
        commentId: notifications.commentId,
        details: notifications.details,
        readAt: notifications.readAt,
        createdAt: notifications.createdAt,
      })
      .from(notifications)
      .where(mine(notifications)),
    pushDataOf(db, userId),
  ]);
  return {
    exportedAt: now.toISOString(),
    account,
    wallet: { balance: wallet[0]?.balance ?? '0.00000000', transactions: ledger },
    ...mining,
    community,
    referrals: referred,
    sessions,
    notifications: notices,
    push,
  };
}

/** The member's mining sessions, mining days and streak. */
async function miningData(db: Database, userId: string) {
  const mine = ownedBy(userId);
  const [sessions, days, streak] = await Promise.all([
    db.select().from(miningSessions).where(mine(miningSessions)),
    db
      .select(shownDayColumns)
      .from(miningDays)
      .where(mine(miningDays))
      .orderBy(asc(miningDays.day)),
    db
      .select({
        current: miningStreaks.days,
        longest: miningStreaks.longest,
        freezes: miningStreaks.freezes,
        startedOn: miningStreaks.startedOn,
        lastDay: miningStreaks.lastDay,
      })
      .from(miningStreaks)
      .where(mine(miningStreaks)),
  ]);
  return { miningSessions: sessions, miningDays: days, miningStreak: streak[0] ?? null };
}

/** The member's posts, comments (a "[deleted]" one with its empty text) and votes. */
async function communityData(db: Database, userId: string) {
  const mine = ownedBy(userId);
  const [posts, comments, votes] = await Promise.all([
    db
      .select({
        id: communityPosts.id,
        title: communityPosts.title,
        content: communityPosts.content,
        topic: communityPosts.topic,
        status: communityPosts.status,
        createdAt: communityPosts.createdAt,
        editedAt: communityPosts.editedAt,
      })
      .from(communityPosts)
      .where(mine(communityPosts)),
    db
      .select({
        id: communityComments.id,
        postId: communityComments.postId,
        parentId: communityComments.parentId,
        content: communityComments.content,
        status: communityComments.status,
        createdAt: communityComments.createdAt,
        editedAt: communityComments.editedAt,
        deletedAt: communityComments.deletedAt,
      })
      .from(communityComments)
      .where(mine(communityComments)),
    db
      .select({
        postId: communityVotes.postId,
        commentId: communityVotes.commentId,
        voteType: communityVotes.voteType,
        createdAt: communityVotes.createdAt,
      })
      .from(communityVotes)
      .where(mine(communityVotes)),
  ]);
  return { posts, comments, votes };
}
