import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { adminUsers, ownerUserId, users } from './accounts.ts';
import { createdAt, randomId, tsvector, updatedAt } from './columns.ts';
import { media } from './media.ts';

export const communityTopics = ['bitcoin', 'mining', 'cryptocurrency'] as const;
export const communityPostStatuses = ['active', 'flagged', 'removed'] as const;
/** When an author changed the text; null for never (shown as "edited" with the time). */
const editedAt = () => timestamp('edited_at', { withTimezone: true });

export const communityPosts = pgTable(
  'community_posts',
  {
    id: randomId(),
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
    editedAt: editedAt(),
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
    // The posts whose title a search matches (decision 058), found without reading the contents.
    index('community_posts_title_search_idx').using(
      'gin',
      sql`to_tsvector('english', ${table.title})`,
    ),
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

/**
 * Comments form a tree (decision 024): `parent_id` is the comment answered, `root_id` the top-level
 * comment the thread hangs from (null for a top-level one) and `depth` its level (0 at the top), so
 * a page of threads is one query over a page of top-level ids. A comment deleted while it has replies
 * keeps its row with `deleted_at` set and its text emptied, shown as "[deleted]".
 */
export const communityComments = pgTable(
  'community_comments',
  {
    id: randomId(),
    postId: uuid('post_id')
      .notNull()
      .references(() => communityPosts.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id').references((): AnyPgColumn => communityComments.id, {
      onDelete: 'cascade',
    }),
    rootId: uuid('root_id').references((): AnyPgColumn => communityComments.id, {
      onDelete: 'cascade',
    }),
    depth: smallint('depth').notNull().default(0),
    /** Direct replies still stored, "[deleted]" ones included: a leaf can be removed outright. */
    replyCount: integer('reply_count').notNull().default(0),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    upvotes: integer('upvotes').notNull().default(0),
    downvotes: integer('downvotes').notNull().default(0),
    status: text('status', { enum: communityPostStatuses }).notNull().default('active'),
    createdAt: createdAt(),
    editedAt: editedAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    index('community_comments_post_created_idx').on(
      table.postId,
      table.createdAt.desc(),
      table.id.desc(),
    ),
    // A post's top-level comments in the New (and, read backwards, Old) and Top orders.
    index('community_comments_top_level_new_idx')
      .on(table.postId, table.createdAt.desc(), table.id.desc())
      .where(sql`${table.parentId} IS NULL`),
    index('community_comments_top_level_top_idx')
      .on(
        table.postId,
        sql`(${table.upvotes} - ${table.downvotes}) DESC NULLS LAST`,
        table.createdAt.desc(),
        table.id.desc(),
      )
      .where(sql`${table.parentId} IS NULL`),
    index('community_comments_root_idx').on(table.rootId),
    index('community_comments_parent_idx').on(table.parentId),
    index('community_comments_user_idx').on(table.userId),
    check(
      'community_comments_content_length',
      sql`${table.deletedAt} IS NOT NULL OR char_length(trim(${table.content})) BETWEEN 1 AND 10000`,
    ),
    check(
      'community_comments_counters_valid',
      sql`${table.upvotes} >= 0 AND ${table.downvotes} >= 0 AND ${table.replyCount} >= 0`,
    ),
    check(
      'community_comments_tree_shape',
      sql`(${table.parentId} IS NULL AND ${table.rootId} IS NULL AND ${table.depth} = 0) OR (${table.parentId} IS NOT NULL AND ${table.rootId} IS NOT NULL AND ${table.depth} > 0)`,
    ),
    check(
      'community_comments_status_known',
      sql`${table.status} IN ('active', 'flagged', 'removed')`,
    ),
  ],
);

/** One vote per user and item: NULLs are distinct, so each unique key only binds its own kind. */
export const communityVotes = pgTable(
  'community_votes',
  {
    id: randomId(),
    userId: ownerUserId(),
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

/** The text an item had before each edit, newest first, for staff (authors see only "edited"). */
export const communityEdits = pgTable(
  'community_edits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    postId: uuid('post_id').references(() => communityPosts.id, { onDelete: 'cascade' }),
    commentId: uuid('comment_id').references(() => communityComments.id, { onDelete: 'cascade' }),
    /** The title before the edit, when the edit changed it (posts only). */
    previousTitle: text('previous_title'),
    previousContent: text('previous_content').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('community_edits_post_idx').on(table.postId, table.createdAt.desc()),
    index('community_edits_comment_idx').on(table.commentId, table.createdAt.desc()),
    check(
      'community_edits_one_target',
      sql`(${table.postId} IS NULL) <> (${table.commentId} IS NULL)`,
    ),
  ],
);

/** A report names one of the five community rules (1 to 5) or 'other' with the reporter's text. */
export const communityReportReasons = [
  'rule1',
  'rule2',
  'rule3',
  'rule4',
  'rule5',
  'other',
] as const;
/** What resolved a report: the action staff took on its item. */
export const communityReportResolutions = ['dismissed', 'flagged', 'removed', 'deleted'] as const;

/**
 * One report per member and item (the unique keys; NULLs are distinct, as with votes). Open until
 * staff act on the item, which resolves every open report of it at once.
 */
export const communityReports = pgTable(
  'community_reports',
  {
    id: randomId(),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: uuid('post_id').references(() => communityPosts.id, { onDelete: 'cascade' }),
    commentId: uuid('comment_id').references(() => communityComments.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: communityReportReasons }).notNull(),
    /** The reporter's words: required with 'other', optional otherwise. */
    details: text('details'),
    resolution: text('resolution', { enum: communityReportResolutions }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    unique('community_reports_reporter_post_key').on(table.reporterId, table.postId),
    unique('community_reports_reporter_comment_key').on(table.reporterId, table.commentId),
    index('community_reports_open_idx')
      .on(table.createdAt.desc())
      .where(sql`${table.resolvedAt} IS NULL`),
    index('community_reports_post_idx').on(table.postId),
    index('community_reports_comment_idx').on(table.commentId),
    check(
      'community_reports_one_target',
      sql`(${table.postId} IS NULL) <> (${table.commentId} IS NULL)`,
    ),
    check(
      'community_reports_reason_known',
      sql`${table.reason} IN ('rule1', 'rule2', 'rule3', 'rule4', 'rule5', 'other')`,
    ),
    check(
      'community_reports_details_valid',
      sql`(${table.details} IS NULL AND ${table.reason} <> 'other') OR char_length(trim(${table.details})) BETWEEN 1 AND 500`,
    ),
    check(
      'community_reports_resolved_together',
      sql`(${table.resolution} IS NULL) = (${table.resolvedAt} IS NULL)`,
    ),
  ],
);

/**
 * What moderators did in the community, for the Mod Log tab and the public /community/modlog
 * (which leaves out who). `target_label` keeps what the action was about (a post's title, a
 * comment's opening words, a username) so the entry still reads after the item is deleted.
 */
export const moderationLog = pgTable(
  'moderation_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorAdminId: uuid('actor_admin_id').references(() => adminUsers.id, { onDelete: 'set null' }),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** For the moderator filter after the actor's row is gone: the name shown to staff. */
    actorName: text('actor_name').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    /** The member whose content or account it was. */
    targetUserId: uuid('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    targetLabel: text('target_label').notNull().default(''),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (table) => [
    index('moderation_log_created_idx').on(table.createdAt.desc(), table.id.desc()),
    index('moderation_log_action_idx').on(table.action, table.createdAt.desc(), table.id.desc()),
    index('moderation_log_actor_admin_idx').on(table.actorAdminId),
    index('moderation_log_actor_user_idx').on(table.actorUserId),
    check(
      'moderation_log_reason_length',
      sql`${table.reason} IS NULL OR char_length(${table.reason}) <= 500`,
    ),
  ],
);

export const notificationKinds = ['reply', 'moderation'] as const;

/**
 * What a member is told in the app (no email): a reply to their post or comment, or a moderator's
 * action on their content with its reason. The post and comment links go null when those are
 * deleted; `details` keeps what the notice needs to read (title, excerpt, action, reason).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: randomId(),
    userId: ownerUserId(),
    kind: text('kind', { enum: notificationKinds }).notNull(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    postId: uuid('post_id').references(() => communityPosts.id, { onDelete: 'set null' }),
    commentId: uuid('comment_id').references(() => communityComments.id, { onDelete: 'set null' }),
    details: jsonb('details').notNull().default({}),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('notifications_user_created_idx').on(
      table.userId,
      table.createdAt.desc(),
      table.id.desc(),
    ),
    index('notifications_user_unread_idx').on(table.userId).where(sql`${table.readAt} IS NULL`),
    check('notifications_kind_known', sql`${table.kind} IN ('reply', 'moderation')`),
  ],
);
