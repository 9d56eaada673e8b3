import {
  type CommunityPage,
  type CommunityPost,
  type CommunitySort,
  type CommunityStats,
  type CommunityTopic,
  type CreateCommunityPostBodySchema,
  communityMessages,
  ONLINE_WINDOW_MINUTES,
} from '@btcp/shared';
import { and, count, eq, gt, ne, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { communityPosts, communityVotes, media, profiles, users } from '../../db/schema.ts';
import { badRequest, forbidden, notFound } from '../../errors.ts';
import { cardUrlOf, mediaUrlOf } from '../media/service.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';
import { hotRankSql } from './hot-rank.ts';
import {
  authorColumns,
  microsOf,
  newestFirst,
  type Queryable,
  timestampAt,
  toAuthor,
  type VoteType,
  votesOf,
} from './sql.ts';
import type { Viewer } from './viewer.ts';

const score = sql`(${communityPosts.upvotes} - ${communityPosts.downvotes})`;
/** D17: what the public sees; the partial indexes of the three sorts use this very predicate. */
const visibleToPublic = ne(communityPosts.status, 'removed');

const postSelection = {
  id: communityPosts.id,
  title: communityPosts.title,
  content: communityPosts.content,
  imageUrl: communityPosts.imageUrl,
  topic: communityPosts.topic,
  upvotes: communityPosts.upvotes,
  downvotes: communityPosts.downvotes,
  commentCount: communityPosts.commentCount,
  status: communityPosts.status,
  createdAt: communityPosts.createdAt,
  createdMicros: microsOf(communityPosts.createdAt),
  hotRank: communityPosts.hotRank,
  userId: communityPosts.userId,
  ...authorColumns,
};

/** Posts with their authors (left join: an author whose account is gone shows 'Unknown'). */
const selectPosts = (db: Queryable) =>
  db
    .select(postSelection)
    .from(communityPosts)
    .leftJoin(profiles, eq(profiles.id, communityPosts.userId));

type PostRow = Awaited<ReturnType<ReturnType<typeof selectPosts>['execute']>>[number];

function toPost(row: PostRow, myVote: VoteType | null, viewerId: string | null): CommunityPost {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    imageUrl: row.imageUrl,
    imageCardUrl: cardUrlOf(row.imageUrl),
    topic: row.topic,
    upvotes: row.upvotes,
    downvotes: row.downvotes,
    commentCount: row.commentCount,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    author: toAuthor(row),
    myVote,
    isMine: viewerId !== null && row.userId === viewerId,
  };
}

interface ListQuery {
  sort: CommunitySort;
  topic?: CommunityTopic;
  cursor?: string;
  limit: number;
}

/** Where the page after `cursor` starts, and the order, for each sort (D15). */
function keyset(query: ListQuery): { after: SQL | undefined; orderBy: SQL[] } {
  const { sort, cursor } = query;
  const { createdAt, id, hotRank } = communityPosts;
  if (sort === 'hot') {
    const at = cursor ? decodeCursor('hot', cursor) : null;
    return {
      after: at
        ? sql`(${hotRank}, ${id}) < (${at.r}::double precision, ${at.id}::uuid)`
        : undefined,
      orderBy: [newestFirst(hotRank), newestFirst(id)],
    };
  }
  if (sort === 'top') {
    const at = cursor ? decodeCursor('top', cursor) : null;
    return {
      after: at
        ? sql`(${score}, ${createdAt}, ${id}) < (${at.s}::integer, ${timestampAt(at.c)}, ${at.id}::uuid)`
        : undefined,
      orderBy: [newestFirst(score), newestFirst(createdAt), newestFirst(id)],
    };
  }
  const at = cursor ? decodeCursor('new', cursor) : null;
  return {
    after: at ? sql`(${createdAt}, ${id}) < (${timestampAt(at.c)}, ${at.id}::uuid)` : undefined,
    orderBy: [newestFirst(createdAt), newestFirst(id)],
  };
}

function cursorAfter(sort: CommunitySort, row: PostRow): string {
  if (sort === 'hot') return encodeCursor('hot', { r: row.hotRank, id: row.id });
  if (sort === 'top') {
    return encodeCursor('top', {
      s: row.upvotes - row.downvotes,
      c: row.createdMicros,
      id: row.id,
    });
  }
  return encodeCursor('new', { c: row.createdMicros, id: row.id });
}

/**
 * One page of the public list: one query for the posts with their authors (read in index order),
 * one for the viewer's votes on them.
 */
export async function listPosts(
  db: Database,
  query: ListQuery,
  viewerId: string | null,
): Promise<CommunityPage> {
  const { after, orderBy } = keyset(query);
  const topic = query.topic ? eq(communityPosts.topic, query.topic) : undefined;
  const rows = await selectPosts(db)
    .where(and(visibleToPublic, topic, after))
    .orderBy(...orderBy)
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const votes = await votesOf(
    db,
    viewerId,
    communityVotes.postId,
    page.map((row) => row.id),
  );
  return {
    items: page.map((row) => toPost(row, votes.get(row.id) ?? null, viewerId)),
    nextCursor: rows.length > query.limit && last ? cursorAfter(query.sort, last) : null,
  };
}

async function findPostRow(db: Queryable, id: string) {
  const [row] = await selectPosts(db).where(eq(communityPosts.id, id));
  return row ?? null;
}

/** D17: a removed post is 'Post not found' to everyone but staff. Flagged posts stay visible. */
async function hiddenFrom(viewer: Viewer, status: string): Promise<boolean> {
  return status === 'removed' && !(await viewer.isStaff());
}

/** For the comments of a post: the same rule as the post's own page. */
export async function assertPostReadable(db: Database, id: string, viewer: Viewer) {
  const [row] = await db
    .select({ status: communityPosts.status })
    .from(communityPosts)
    .where(eq(communityPosts.id, id));
  if (!row || (await hiddenFrom(viewer, row.status))) {
    throw notFound(communityMessages.postNotFound);
  }
}

export async function getPost(db: Database, id: string, viewer: Viewer): Promise<CommunityPost> {
  const row = await findPostRow(db, id);
  if (!row || (await hiddenFrom(viewer, row.status))) {
    throw notFound(communityMessages.postNotFound);
  }
  const votes = await votesOf(db, viewer.userId, communityVotes.postId, [row.id]);
  return toPost(row, votes.get(row.id) ?? null, viewer.userId);
}

const imageNotYours = 'Not an image you uploaded for a community post';
const imageTaken = 'This image already belongs to another post';

export async function createPost(
  db: Database,
  userId: string,
  body: z.infer<typeof CreateCommunityPostBodySchema>,
  now: Date,
): Promise<CommunityPost> {
  return db.transaction(async (tx) => {
    let imageUrl: string | null = null;
    if (body.imageId) {
      // Locking the media row makes two posts racing for one image take turns.
      const [image] = await tx
        .select({ kind: media.kind, storageKey: media.storageKey, owner: media.ownerUserId })
        .from(media)
        .where(eq(media.id, body.imageId))
        .for('update');
      if (image?.kind !== 'community_image' || image.owner !== userId) {
        throw badRequest(imageNotYours, { imageId: imageNotYours });
      }
      const [taken] = await tx
        .select({ id: communityPosts.id })
        .from(communityPosts)
        .where(eq(communityPosts.imageMediaId, body.imageId))
        .limit(1);
      if (taken) throw badRequest(imageTaken, { imageId: imageTaken });
      imageUrl = mediaUrlOf(image.storageKey);
    }
    const createdAt = sql`${now.toISOString()}::timestamptz`;
    const [created] = await tx
      .insert(communityPosts)
      .values({
        title: body.title,
        content: body.content,
        topic: body.topic,
        userId,
        imageMediaId: body.imageId,
        imageUrl,
        createdAt: now,
        updatedAt: now,
        hotRank: hotRankSql(sql`0`, createdAt),
      })
      .returning({ id: communityPosts.id });
    const row = created ? await findPostRow(tx, created.id) : null;
    if (!row) throw new Error('created post not found');
    return toPost(row, null, userId);
  });
}

/** D17: authors delete their own posts; comments and votes go with it (foreign key cascades). */
export async function deleteOwnPost(db: Database, id: string, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ userId: communityPosts.userId })
      .from(communityPosts)
      .where(eq(communityPosts.id, id))
      .for('update');
    if (!row) throw notFound(communityMessages.postNotFound);
    if (row.userId !== userId) throw forbidden(communityMessages.notYourPost);
    await tx.delete(communityPosts).where(eq(communityPosts.id, id));
  });
}

/** The sidebar's figures, all real (D19). */
export async function communityStats(db: Database, now: Date): Promise<CommunityStats> {
  const since = new Date(now.getTime() - ONLINE_WINDOW_MINUTES * 60_000);
  const [[posts], [members], [online]] = await Promise.all([
    db.select({ value: count() }).from(communityPosts).where(visibleToPublic),
    db.select({ value: count() }).from(users),
    db.select({ value: count() }).from(users).where(gt(users.lastSeenAt, since)),
  ]);
  return { posts: posts?.value ?? 0, members: members?.value ?? 0, online: online?.value ?? 0 };
}
