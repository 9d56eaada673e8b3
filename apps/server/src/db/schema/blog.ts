import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, randomId, updatedAt } from './columns.ts';
import { media } from './media.ts';

export const blogPosts = pgTable(
  'blog_posts',
  {
    id: randomId(),
    title: text('title').notNull(),
    subtitle: text('subtitle'),
    content: text('content').notNull(),
    coverImage: text('cover_image'),
    coverMediaId: uuid('cover_media_id').references(() => media.id, { onDelete: 'set null' }),
    published: boolean('published').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // The public and the admin list orders, tiebreaker included.
    index('blog_posts_published_created_idx').on(
      table.published,
      table.createdAt.desc(),
      table.id.desc(),
    ),
    index('blog_posts_created_idx').on(table.createdAt.desc(), table.id.desc()),
    check('blog_posts_title_length', sql`char_length(trim(${table.title})) BETWEEN 1 AND 300`),
    check('blog_posts_subtitle_length', sql`char_length(${table.subtitle}) <= 500`),
    check(
      'blog_posts_content_length',
      sql`char_length(trim(${table.content})) BETWEEN 1 AND 100000`,
    ),
  ],
);
