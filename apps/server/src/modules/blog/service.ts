import {
  type AdminBlogPage,
  type BlogPage,
  type BlogPost,
  type BlogPostBodySchema,
  blogMessages,
  excerptWords,
  type Staff,
} from '@btcp/shared';
import { and, count, eq, getTableColumns } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, DatabaseOrTransaction } from '#server/db/client.ts';
import { newestFirst } from '#server/db/order.ts';
import { numberedPage } from '#server/db/pages.ts';
import { blogPosts, media } from '#server/db/schema.ts';
import { badRequest, notFound } from '#server/errors.ts';
import { audit } from '#server/modules/audit/index.ts';
import { cardUrlOf, findMedia } from '#server/modules/media/index.ts';
import { markdownToPlainText } from './plain-text.ts';

/** A post with its cover's size, from the media row (null without a cover). */
const blogPostColumns = {
  ...getTableColumns(blogPosts),
  coverWidth: media.width,
  coverHeight: media.height,
};

const selectBlogPosts = (db: DatabaseOrTransaction) =>
  db.select(blogPostColumns).from(blogPosts).leftJoin(media, eq(media.id, blogPosts.coverMediaId));

type BlogPostRow = Awaited<ReturnType<ReturnType<typeof selectBlogPosts>['execute']>>[number];
type BlogPostInput = z.output<typeof BlogPostBodySchema>;

/** The cover's URLs and stored size, as every blog answer carries them. */
function coverOf(row: BlogPostRow) {
  return {
    coverImage: row.coverImage,
    coverImageCard: cardUrlOf(row.coverImage),
    coverImageWidth: row.coverImage ? row.coverWidth : null,
    coverImageHeight: row.coverImage ? row.coverHeight : null,
  };
}

export function toBlogPost(row: BlogPostRow): BlogPost {
  return {
    id: row.id,
    title: row.title,
    subtitle: row.subtitle,
    content: row.content,
    ...coverOf(row),
    coverImageId: row.coverMediaId,
    published: row.published,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const isPublished = eq(blogPosts.published, true);

/** The public list: published posts only, newest first, with a 25-word plain-text excerpt. */
export async function listPublishedPosts(
  db: Database,
  query: { page: number; pageSize: number },
): Promise<BlogPage> {
  const page = await numberedPage(
    query,
    (limit, offset) =>
      selectBlogPosts(db)
        .where(isPublished)
        .orderBy(newestFirst(blogPosts.createdAt), newestFirst(blogPosts.id))
        .limit(limit)
        .offset(offset),
    db.select({ value: count() }).from(blogPosts).where(isPublished),
  );
  return {
    ...page,
    items: page.items.map((row) => ({
      id: row.id,
      title: row.title,
      subtitle: row.subtitle,
      excerpt: excerptWords(markdownToPlainText(row.content)),
      ...coverOf(row),
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

/** Newest published posts for the feed. */
export async function latestPublishedPosts(db: Database, limit: number): Promise<BlogPostRow[]> {
  return selectBlogPosts(db)
    .where(isPublished)
    .orderBy(newestFirst(blogPosts.createdAt), newestFirst(blogPosts.id))
    .limit(limit);
}

/** A published post, or null: drafts do not exist for the public. */
export async function findPublishedPost(db: Database, id: string): Promise<BlogPostRow | null> {
  const [row] = await selectBlogPosts(db).where(and(eq(blogPosts.id, id), isPublished));
  return row ?? null;
}

export async function listAllPosts(
  db: Database,
  query: { page: number; pageSize: number },
): Promise<AdminBlogPage> {
  const page = await numberedPage(
    query,
    (limit, offset) =>
      db
        .select({
          id: blogPosts.id,
          title: blogPosts.title,
          subtitle: blogPosts.subtitle,
          published: blogPosts.published,
          createdAt: blogPosts.createdAt,
          updatedAt: blogPosts.updatedAt,
        })
        .from(blogPosts)
        .orderBy(newestFirst(blogPosts.createdAt), newestFirst(blogPosts.id))
        .limit(limit)
        .offset(offset),
    db.select({ value: count() }).from(blogPosts),
  );
  return {
    ...page,
    items: page.items.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    })),
  };
}

export async function findAnyPost(db: Database, id: string): Promise<BlogPost> {
  const [row] = await selectBlogPosts(db).where(eq(blogPosts.id, id));
  if (!row) throw notFound(blogMessages.notFound);
  return toBlogPost(row);
}

/** The cover must be an uploaded blog cover; its URL is stored beside its id (cover_image). */
async function resolveCover(db: Database, coverImageId: string | null) {
  if (!coverImageId) return { coverMediaId: null, coverImage: null };
  const cover = await findMedia(db, coverImageId);
  if (cover?.kind !== 'blog_cover') {
    const message = 'The cover image was not found: upload it again.';
    throw badRequest(message, { coverImageId: message });
  }
  return { coverMediaId: cover.id, coverImage: cover.url };
}

/**
 * Creates a post (id null) or replaces one's fields; saving sets updated_at, creating created_at
 * too. Audited in the same transaction.
 */
export async function savePost(
  db: Database,
  staff: Staff,
  id: string | null,
  input: BlogPostInput,
  now: Date,
): Promise<BlogPost> {
  const fields = {
    title: input.title,
    subtitle: input.subtitle,
    content: input.content,
    published: input.published,
    ...(await resolveCover(db, input.coverImageId)),
    updatedAt: now,
  };
  return db.transaction(async (tx) => {
    const [saved] = id
      ? await tx
          .update(blogPosts)
          .set(fields)
          .where(eq(blogPosts.id, id))
          .returning({ id: blogPosts.id })
      : await tx
          .insert(blogPosts)
          .values({ ...fields, createdAt: now })
          .returning({ id: blogPosts.id });
    const [row] = saved ? await selectBlogPosts(tx).where(eq(blogPosts.id, saved.id)) : [];
    if (!row) throw notFound(blogMessages.notFound);
    await audit(
      tx,
      staff,
      id ? 'blog.update' : 'blog.create',
      { type: 'blog_post', id: row.id },
      {
        published: row.published,
      },
    );
    return toBlogPost(row);
  });
}

export async function deletePost(db: Database, staff: Staff, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(blogPosts)
      .where(eq(blogPosts.id, id))
      .returning({ title: blogPosts.title });
    if (!row) throw notFound(blogMessages.notFound);
    await audit(tx, staff, 'blog.delete', { type: 'blog_post', id }, { title: row.title });
  });
}
