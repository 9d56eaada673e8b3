import { count, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../src/db/client.ts';
import {
  communityComments,
  communityPosts,
  communityVotes,
  profiles,
  sessions,
  users,
  wallets,
} from '../src/db/schema.ts';
import { hashToken, randomToken } from '../src/lib/tokens.ts';
import { adminCookie, signedUpUser, userIdOf } from './accounts.ts';
import { sameOrigin } from './helper.ts';

/** Test accounts and calls for the community tests, made through the public API. */

/** Auth limits out of the way: these tests sign up dozens of accounts from one address. */
export const roomyLimits = {
  RATE_LIMIT_AUTH_PER_IP: '10000',
  RATE_LIMIT_AUTH_PER_ACCOUNT: '10000',
  RATE_LIMIT_COMMUNITY_POSTS_PER_HOUR: '10000',
  RATE_LIMIT_COMMUNITY_COMMENTS_PER_HOUR: '10000',
  RATE_LIMIT_COMMUNITY_VOTES_PER_MINUTE: '10000',
};

export interface Member {
  id: string;
  cookie: string;
  username: string;
}

/** A verified, signed-in user with a username. */
export async function member(app: FastifyInstance, username: string): Promise<Member> {
  const email = `${username.toLowerCase()}@example.com`;
  const cookie = await signedUpUser(app, email);
  const named = await call(app, 'PATCH', '/api/account', cookie, { username });
  expect(named.statusCode, named.body).toBe(200);
  return { id: await userIdOf(app.db, email), cookie, username };
}

/**
 * Many signed-in members at once, written straight to the database with a session each: signing
 * up dozens through the API would spend the whole test hashing passwords. Their sessions are real,
 * so every request still goes through the product's own session lookup.
 */
export async function crowd(app: FastifyInstance, prefix: string, n: number): Promise<Member[]> {
  const made = Array.from({ length: n }, (_, i) => ({
    id: crypto.randomUUID(),
    username: `${prefix}_${i}`,
    token: randomToken(),
    referralCode: Array.from(
      { length: 8 },
      () => 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'[Math.floor(Math.random() * 31)],
    ).join(''),
  }));
  await app.db.transaction(async (tx) => {
    await tx.insert(users).values(
      made.map((m) => ({
        id: m.id,
        email: `${m.username.toLowerCase()}@example.com`,
        passwordHash: 'not-used-by-these-tests',
        emailVerifiedAt: new Date(),
      })),
    );
    await tx
      .insert(profiles)
      .values(made.map((m) => ({ id: m.id, username: m.username, referralCode: m.referralCode })));
    await tx.insert(wallets).values(made.map((m) => ({ userId: m.id })));
    await tx.insert(sessions).values(
      made.map((m) => ({
        tokenHash: hashToken(m.token),
        kind: 'user' as const,
        userId: m.id,
        expiresAt: new Date(Date.now() + 30 * 86_400_000),
      })),
    );
  });
  return made.map((m) => ({ id: m.id, username: m.username, cookie: `btcp_session=${m.token}` }));
}

/** Sets the ban or moderator flag through the admin API, as an admin would. */
export async function setFlags(
  app: FastifyInstance,
  userId: string,
  flags: { isBanned?: boolean; isModerator?: boolean },
) {
  const response = await call(
    app,
    'PATCH',
    `/api/admin/users/${userId}`,
    await adminCookie(app),
    flags,
  );
  expect(response.statusCode, response.body).toBe(200);
}

export function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  cookie?: string,
  payload?: Record<string, unknown>,
) {
  return app.inject({
    method,
    url,
    headers: { ...(method === 'GET' ? {} : sameOrigin), ...(cookie ? { cookie } : {}) },
    ...(payload === undefined ? {} : { payload }),
  });
}

let serial = 0;
/** Creates a post and returns its id. */
export async function newPost(
  app: FastifyInstance,
  cookie: string,
  fields: { title?: string; content?: string; topic?: string | null } = {},
): Promise<string> {
  serial += 1;
  const response = await call(app, 'POST', '/api/community/posts', cookie, {
    title: `Post ${serial}`,
    content: `Body of post ${serial}`,
    ...fields,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

export async function newComment(
  app: FastifyInstance,
  cookie: string,
  postId: string,
  content = 'A comment',
): Promise<string> {
  const response = await call(app, 'POST', `/api/community/posts/${postId}/comments`, cookie, {
    content,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

/** The up and down votes of one item, counted from the vote rows. */
async function voteRows(db: Database, item: SQL) {
  const [votes] = await db
    .select({
      up: sql<number>`count(*) FILTER (WHERE ${communityVotes.voteType} = 'upvote')`.mapWith(
        Number,
      ),
      down: sql<number>`count(*) FILTER (WHERE ${communityVotes.voteType} = 'downvote')`.mapWith(
        Number,
      ),
    })
    .from(communityVotes)
    .where(item);
  return votes;
}

/** The counters stored on the post and the vote rows behind them, read from the database. */
export async function postTally(db: Database, postId: string) {
  const [post] = await db
    .select({
      upvotes: communityPosts.upvotes,
      downvotes: communityPosts.downvotes,
      commentCount: communityPosts.commentCount,
    })
    .from(communityPosts)
    .where(eq(communityPosts.id, postId));
  const votes = await voteRows(db, eq(communityVotes.postId, postId));
  const [comments] = await db
    .select({ value: count() })
    .from(communityComments)
    .where(eq(communityComments.postId, postId));
  return { post, rows: { upvotes: votes?.up, downvotes: votes?.down }, comments: comments?.value };
}

export async function commentTally(db: Database, commentId: string) {
  const [comment] = await db
    .select({ upvotes: communityComments.upvotes, downvotes: communityComments.downvotes })
    .from(communityComments)
    .where(eq(communityComments.id, commentId));
  const votes = await voteRows(db, eq(communityVotes.commentId, commentId));
  return { comment, rows: { upvotes: votes?.up, downvotes: votes?.down } };
}
