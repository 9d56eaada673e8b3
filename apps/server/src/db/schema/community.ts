import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt, tsvector, updatedAt } from './columns.ts';
import { media } from './media.ts';

export const communityTopics = ['bitcoin', 'mining', 'cryptocurrency'] as const;
export const communityPostStatuses = ['active', 'flagged', 'removed'] as const;

export const communityPosts = pgTable(
  'community_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    imageUrl: text('image_url'),
    imageMediaId: uuid('image_media_id').references(() => media.id, { onDelete: 'set null' }),
    topic: text('topic', { enum: communityTopics }),
    upvotes: integer('upvotes').notNull().default(0),
    downvotes: integer('downvotes').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    /** D15 Hot: kept by modules/community/hot-rank.ts with the counters, for keyset pages. */
    hotRank: doublePrecision('hot_rank').notNull().default(0),
    status: text('status', { enum: communityPostStatuses }).notNull().default('active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * What the community search matches (modules/community/search.ts): the title's words weigh
     * more (A) than the content's (B). PostgreSQL keeps it from the two texts, read as English
     * (words stemmed, stop words left out).
     */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', "title"), 'A') || setweight(to_tsvector('english', "content"), 'B')`,
    ),
  },
  (table) => [
    // One index per public sort (D15), over the posts the public sees (D17: not removed), in the
    // exact keyset order, so a page is an index range scan rather than a sort of every post.
    index('community_posts_public_new_idx')
      .on(table.createdAt.desc(), table.id.desc())
      .where(sql`${table.status} <> 'removed'`),
    index('community_posts_public_top_idx')
      .on(
        sql`(${table.upvotes} - ${table.downvotes}) DESC NULLS LAST`,
        table.createdAt.desc(),
        table.id.desc(),
      )
      .where(sql`${table.status} <> 'removed'`),
    index('community_posts_public_hot_idx')
      .on(table.hotRank.desc(), table.id.desc())
      .where(sql`${table.status} <> 'removed'`),
    index('community_posts_created_idx').on(table.createdAt.desc(), table.id.desc()),
    // The same three orders within a topic.
    index('community_posts_public_topic_new_idx')
      .on(table.topic, table.createdAt.desc(), table.id.desc())
      .where(sql`${table.status} <> 'removed'`),
    index('community_posts_public_topic_top_idx')
      .on(
        table.topic,
        sql`(${table.upvotes} - ${table.downvotes}) DESC NULLS LAST`,
        table.createdAt.desc(),
        table.id.desc(),
      )
      .where(sql`${table.status} <> 'removed'`),
    index('community_posts_public_topic_hot_idx')
      .on(table.topic, table.hotRank.desc(), table.id.desc())
      .where(sql`${table.status} <> 'removed'`),
    index('community_posts_user_idx').on(table.userId),
    // Finds the posts a search matches without reading the others; removed ones are dropped after.
    index('community_posts_search_idx').using('gin', table.searchVector),
    check('community_posts_title_length', sql`char_length(trim(${table.title})) BETWEEN 1 AND 300`),
    check(
      'community_posts_content_length',
      sql`char_length(trim(${table.content})) BETWEEN 1 AND 40000`,
    ),
    check(
      'community_posts_counters_valid',
      sql`${table.upvotes} >= 0 AND ${table.downvotes} >= 0 AND ${table.commentCount} >= 0`,
    ),
    check('community_posts_status_known', sql`${table.status} IN ('active', 'flagged', 'removed')`),
    check(
      'community_posts_topic_known',
      sql`${table.topic} IS NULL OR ${table.topic} IN ('bitcoin', 'mining', 'cryptocurrency')`,
    ),
  ],
);

export const communityComments = pgTable(
  'community_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => communityPosts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    upvotes: integer('upvotes').notNull().default(0),
    downvotes: integer('downvotes').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    index('community_comments_post_created_idx').on(
      table.postId,
      table.createdAt.desc(),
      table.id.desc(),
    ),
    index('community_comments_user_idx').on(table.userId),
    check(
      'community_comments_content_length',
      sql`char_length(trim(${table.content})) BETWEEN 1 AND 10000`,
    ),
    check(
      'community_comments_counters_valid',
      sql`${table.upvotes} >= 0 AND ${table.downvotes} >= 0`,
    ),
  ],
);

/** One vote per user and item: NULLs are distinct, so each unique key only binds its own kind. */
export const communityVotes = pgTable(
  'community_votes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: uuid('post_id').references(() => communityPosts.id, { onDelete: 'cascade' }),
    commentId: uuid('comment_id').references(() => communityComments.id, { onDelete: 'cascade' }),
    voteType: text('vote_type', { enum: ['upvote', 'downvote'] }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    unique('community_votes_user_post_key').on(table.userId, table.postId),
    unique('community_votes_user_comment_key').on(table.userId, table.commentId),
    index('community_votes_post_idx').on(table.postId),
    index('community_votes_comment_idx').on(table.commentId),
    check(
      'community_votes_one_target',
      sql`(${table.postId} IS NULL) <> (${table.commentId} IS NULL)`,
    ),
    check('community_votes_type_known', sql`${table.voteType} IN ('upvote', 'downvote')`),
  ],
);
