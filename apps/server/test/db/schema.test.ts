import { DEFAULT_SETTINGS } from '@btcp/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#server/db/client.ts';
import {
  communityPosts,
  communityVotes,
  miningSessions,
  profiles,
  systemSettings,
  transactions,
  users,
  wallets,
} from '#server/db/schema.ts';
import { openTestDatabase } from '#server-test/helper.ts';

/** The invariants the schema itself guarantees, whatever code runs against it (D1, D10, D11). */
describe('database schema', () => {
  let handle: DatabaseHandle;
  let userId: string;
  let otherUserId: string;

  beforeAll(async () => {
    handle = await openTestDatabase();
    const rows = await handle.db
      .insert(users)
      .values([
        { email: 'one@example.com', passwordHash: 'h' },
        { email: 'two@example.com', passwordHash: 'h' },
      ])
      .returning({ id: users.id });
    userId = rows[0]?.id ?? '';
    otherUserId = rows[1]?.id ?? '';
    await handle.db.insert(wallets).values({ userId });
  });
  afterAll(() => handle.close());

  const rejects = (promise: Promise<unknown>) => expect(promise).rejects.toThrow();

  it('is seeded with the default settings', async () => {
    const rows = await handle.db.select().from(systemSettings);
    expect(Object.fromEntries(rows.map((row) => [row.key, row.value]))).toEqual(DEFAULT_SETTINGS);
  });

  it('keeps emails unique whatever their case', async () => {
    await rejects(handle.db.insert(users).values({ email: 'ONE@example.com', passwordHash: 'h' }));
  });

  it('never lets a balance go below zero and keeps money exact', async () => {
    await rejects(
      handle.db.update(wallets).set({ balance: '-0.00000001' }).where(eq(wallets.userId, userId)),
    );
    await handle.db
      .update(wallets)
      .set({ balance: sql`${wallets.balance} + 0.1 + 0.2` })
      .where(eq(wallets.userId, userId));
    const [wallet] = await handle.db.select().from(wallets).where(eq(wallets.userId, userId));
    expect(wallet?.balance).toBe('0.30000000');
  });

  it('allows one mining session per user', async () => {
    await handle.db.insert(miningSessions).values({ userId, hourlyRate: '100' });
    await rejects(handle.db.insert(miningSessions).values({ userId, hourlyRate: '100' }));
  });

  it('allows one vote per user and post, and a vote targets exactly one item', async () => {
    const [post] = await handle.db
      .insert(communityPosts)
      .values({ title: 'Hello', content: 'World', userId })
      .returning({ id: communityPosts.id });
    const postId = post?.id ?? '';
    await handle.db.insert(communityVotes).values({ userId, postId, voteType: 'upvote' });
    await rejects(
      handle.db.insert(communityVotes).values({ userId, postId, voteType: 'downvote' }),
    );
    await handle.db
      .insert(communityVotes)
      .values({ userId: otherUserId, postId, voteType: 'downvote' });
    await rejects(handle.db.insert(communityVotes).values({ userId, voteType: 'upvote' }));
    await rejects(
      handle.db.update(communityPosts).set({ upvotes: -1 }).where(eq(communityPosts.id, postId)),
    );
  });

  it('pays a referral at most once per referred user', async () => {
    const referral = {
      userId,
      amount: '40',
      transactionType: 'REFERRAL' as const,
      referredUserId: otherUserId,
    };
    await handle.db.insert(transactions).values(referral);
    await rejects(handle.db.insert(transactions).values(referral));
  });

  it('refuses malformed referral codes, usernames and self-referrals', async () => {
    await rejects(handle.db.insert(profiles).values({ id: userId, referralCode: 'short' }));
    await rejects(
      handle.db.insert(profiles).values({ id: userId, referralCode: 'ABCD2345', username: 'a b' }),
    );
    await rejects(
      handle.db
        .insert(profiles)
        .values({ id: userId, referralCode: 'ABCD2345', referredBy: userId }),
    );
    await handle.db
      .insert(profiles)
      .values({ id: userId, referralCode: 'ABCD2345', username: 'miner_1' });
    await rejects(
      handle.db
        .insert(profiles)
        .values({ id: otherUserId, referralCode: 'WXYZ6789', username: 'MINER_1' }),
    );
  });
});
