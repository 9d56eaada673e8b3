import {
  type CommunityPage,
  CommunityPageSchema,
  type CommunityPost,
  type CommunitySort,
  type CommunityStats,
  type CommunityTopic,
  type CreateCommunityPostBodySchema,
  communityMessages,
  ONLINE_WINDOW_MINUTES,
} from '@btcp/shared';
import { and, count, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Database, DatabaseOrTransaction } from '#server/db/client.ts';
import { newestFirst, timestampAt } from '#server/db/order.ts';
import { prepared } from '#server/db/prepared.ts';
import { communityPosts, communityVotes, media, profiles, users } from '#server/db/schema.ts';
import { badRequest, forbidden, notFound } from '#server/errors.ts';
import { SharedBody } from '#server/lib/shared-pages.ts';
import { cardUrlOf, mediaUrlOf } from '#server/modules/media/index.ts';
import { decodeCursor, encodeCursor, topCursorAfter, topCursorValues } from './cursor.ts';
import { hotRankSql } from './hot-rank.ts';
import { type MarkablePage, readerCopies } from './reader-marks.ts';
import { asItem, itemColumns, type RowOf, visibleToPublic, votesOf } from './sql.ts';
import type { Viewer } from './viewer.ts';

const score = sql`(${communityPosts.upvotes} - ${communityPosts.downvotes})`;

const postSelection = {
  id: communityPosts.id,
  title: communityPosts.title,
  content: communityPosts.content,
  imageUrl: communityPosts.imageUrl,
  imageWidth: media.width,
  imageHeight: media.height,
  topic: communityPosts.topic,
  commentCount: communityPosts.commentCount,
  status: communityPosts.status,
  hotRank: communityPosts.hotRank,
  ...itemColumns(communityPosts),
};

/**
 * Posts with their authors (left join: an author whose account is gone shows 'Unknown') and image
 * sizes; `extra` adds columns of the caller's own (a search's rank).
 */
export const selectPostsWith = <Extra extends SelectedFields>(
  db: DatabaseOrTransaction,
  extra: Extra,
) =>
  db
    .select({ ...postSelection, ...extra })
    .from(communityPosts)
    .leftJoin(profiles, eq(profiles.id, communityPosts.userId))
    .leftJoin(media, eq(media.id, communityPosts.imageMediaId));

const selectPosts = (db: DatabaseOrTransaction) => selectPostsWith(db, {});

export type PostRow = RowOf<typeof selectPosts>;

const toPost = asItem((row: PostRow) => ({
  id: row.id,
  title: row.title,
  content: row.content,
  imageUrl: row.imageUrl,
  imageCardUrl: cardUrlOf(row.imageUrl),
  imageWidth: row.imageUrl ? row.imageWidth : null,
  imageHeight: row.imageUrl ? row.imageHeight : null,
  topic: row.topic,
  commentCount: row.commentCount,
  status: row.status,
}));

export interface ListQuery {
  sort: CommunitySort;
  topic?: CommunityTopic;
  cursor?: string;
  limit: number;
}

/**
 * Where the page after a cursor starts (with placeholders for the cursor's values) and the order,
 * for each sort (D15): the SQL depends only on the sort and whether there is a cursor, so each
 * shape is one prepared statement.
 */
function keyset(
  sort: CommunitySort,
  afterCursor: boolean,
): { after: SQL | undefined; orderBy: SQL[] } {
  const { createdAt, id, hotRank } = communityPosts;
  const at = (name: string) => sql.placeholder(name);
  if (sort === 'hot') {
    return {
      after: afterCursor
        ? sql`(${hotRank}, ${id}) < (${at('rank')}::double precision, ${at('id')}::uuid)`
        : undefined,
      orderBy: [newestFirst(hotRank), newestFirst(id)],
    };
  }
  if (sort === 'top') {
    return {
      after: afterCursor
        ? sql`(${score}, ${createdAt}, ${id}) < (${at('score')}::integer, ${timestampAt(at('micros'))}, ${at('id')}::uuid)`
        : undefined,
      orderBy: [newestFirst(score), newestFirst(createdAt), newestFirst(id)],
    };
  }
  return {
    after: afterCursor
      ? sql`(${createdAt}, ${id}) < (${timestampAt(at('micros'))}, ${at('id')}::uuid)`
      : undefined,
    orderBy: [newestFirst(createdAt), newestFirst(id)],
  };
}

/** The values of a cursor, named as `keyset` names its placeholders. */
function cursorValues(sort: CommunitySort, cursor: string | undefined) {
  if (!cursor) return {};
  if (sort === 'hot') {
    const at = decodeCursor('hot', cursor);
    return { rank: at.r, id: at.id };
  }
  if (sort === 'top') return topCursorValues(cursor);
  const at = decodeCursor('new', cursor);
  return { micros: at.c, id: at.id };
}

/** The page query of one sort, with or without a topic and a cursor: prepared once each. */
function pageStatement(
  db: Database,
  sort: CommunitySort,
  withTopic: boolean,
  afterCursor: boolean,
) {
  const name = `community_page_${sort}${withTopic ? '_topic' : ''}${afterCursor ? '_after' : ''}`;
  return prepared(db, name, (db, name) => {
    const { after, orderBy } = keyset(sort, afterCursor);
    const topic = withTopic ? eq(communityPosts.topic, sql.placeholder('topic')) : undefined;
    return selectPosts(db)
      .where(and(visibleToPublic, topic, after))
      .orderBy(...orderBy)
      .limit(sql.placeholder('limit'))
      .prepare(name);
  });
}

function cursorAfter(sort: CommunitySort, row: PostRow): string {
  if (sort === 'hot') return encodeCursor('hot', { r: row.hotRank, id: row.id });
  if (sort === 'top') return topCursorAfter(row);
  return encodeCursor('new', { c: row.createdMicros, id: row.id });
}

/**
 * A page of the public list (or of a search) as every reader sees it: it may be shared by every
 * visitor (decision 013), and a signed-in reader's page is made from it (`personalPage`).
 */
export type PublicPostPage = MarkablePage<CommunityPage['items'][number]>;

/** One page of the public list: one prepared query for the posts with their authors. */
export async function readPublicPage(db: Database, query: ListQuery): Promise<PublicPostPage> {
  // An empty cursor is the first page, as a missing one is.
  const statement = pageStatement(db, query.sort, query.topic !== undefined, Boolean(query.cursor));
  const rows = await statement.execute({
    ...cursorValues(query.sort, query.cursor),
    topic: query.topic,
    limit: query.limit + 1,
  });
  return publicPageOf(rows, query.limit, (last) => cursorAfter(query.sort, last));
}

/**
 * The public page of rows read one past `limit` (that one only says a next page exists), as every
 * reader sees it; `nextCursorOf` makes the next page's cursor from the page's last row.
 */
export function publicPageOf<Row extends PostRow>(
  rows: Row[],
  limit: number,
  nextCursorOf: (last: Row) => string,
): PublicPostPage {
  const pageRows = rows.slice(0, limit);
  const last = pageRows.at(-1);
  const page = CommunityPageSchema.parse({
    items: pageRows.map((row) => toPost(row, null, null)),
    nextCursor: rows.length > limit && last ? nextCursorOf(last) : null,
  });
  return {
    page,
    authorIds: pageRows.map((row) => row.userId),
    body: new SharedBody(JSON.stringify(page)),
    openItems: page.items.map(({ myVote: _vote, isMine: _mine, ...item }) =>
      JSON.stringify(item).slice(0, -1),
    ),
  };
}

/**
 * The page for one signed-in reader: the shared page with their votes and their own posts marked
 * (reader-marks.ts). Readers with the same marks share one body, whose ETag is the shared page's
 * with the marks added.
 */
export const personalPage = readerCopies<CommunityPage['items'][number], PublicPostPage>({
  voteColumn: communityVotes.postId,
  keyOf: (marks) =>
    marks
      .map((mark) => `${mark.myVote === null ? '-' : mark.myVote[0]}${mark.isMine ? 'm' : ''}`)
      .join('.'),
  etagOf: (shared, key) => `${shared.etag.slice(0, -1)}.${key}"`,
});

async function findPostRow(db: DatabaseOrTransaction, id: string) {
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
