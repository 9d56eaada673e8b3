import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The whole data model (ARCHITECTURE "Database"). Invariants live here as constraints so that no
 * code path, present or future, can break them: one mining session per user, one vote per user and
 * item, balances never negative, money as numeric(20,8) (D10).
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const money = (name: string) => numeric(name, { precision: 20, scale: 8 });

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** Last request with a session, for the community's real "Online" figure (D19). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${table.email})`),
    index('users_last_seen_at_idx').on(table.lastSeenAt),
    // The admin users list: newest first.
    index('users_created_idx').on(table.createdAt.desc(), table.id.desc()),
    check('users_email_shape', sql`${table.email} ~ '^[^@[:space:]]+@[^@[:space:]]+$'`),
  ],
);

export const profiles = pgTable(
  'profiles',
  {
    id: uuid('id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    username: text('username'),
    avatarUrl: text('avatar_url'),
    referralCode: text('referral_code').notNull(),
    /** The profile whose referral code was used at sign-up (D12). */
    referredBy: uuid('referred_by').references((): AnyPgColumn => profiles.id, {
      onDelete: 'set null',
    }),
    /** The moderator flag (D7). */
    isAdmin: boolean('is_admin').notNull().default(false),
    isBanned: boolean('is_banned').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    unique('profiles_referral_code_key').on(table.referralCode),
    uniqueIndex('profiles_username_lower_key').on(sql`lower(${table.username})`),
    index('profiles_referred_by_idx').on(table.referredBy),
    index('profiles_created_at_idx').on(table.createdAt),
    check('profiles_username_shape', sql`${table.username} ~ '^[A-Za-z0-9_]{3,30}$'`),
    check('profiles_referral_code_shape', sql`${table.referralCode} ~ '^[A-Z2-9]{8}$'`),
    check('profiles_not_self_referred', sql`${table.referredBy} <> ${table.id}`),
  ],
);

export const adminUsers = pgTable(
  'admin_users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('admin_users_email_lower_key').on(sql`lower(${table.email})`)],
);

/** Opaque sessions (D3): the row is keyed by the SHA-256 of the token, never the token itself. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    kind: text('kind', { enum: ['user', 'admin'] }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    adminId: uuid('admin_id').references(() => adminUsers.id, { onDelete: 'cascade' }),
    persistent: boolean('persistent').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (table) => [
    index('sessions_user_id_idx').on(table.userId),
    index('sessions_admin_id_idx').on(table.adminId),
    index('sessions_expires_at_idx').on(table.expiresAt),
    check(
      'sessions_owner_matches_kind',
      sql`(${table.kind} = 'user' AND ${table.userId} IS NOT NULL AND ${table.adminId} IS NULL)
        OR (${table.kind} = 'admin' AND ${table.adminId} IS NOT NULL AND ${table.userId} IS NULL)`,
    ),
  ],
);

/** Single-use links sent by email: verification (24 h) and password reset (1 h), D6. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify_email', 'reset_password'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('email_tokens_user_id_idx').on(table.userId, table.purpose),
    index('email_tokens_expires_at_idx').on(table.expiresAt),
  ],
);

export const wallets = pgTable(
  'wallets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    balance: money('balance').notNull().default('0'),
    updatedAt: updatedAt(),
  },
  (table) => [
    unique('wallets_user_id_key').on(table.userId),
    check('wallets_balance_not_negative', sql`${table.balance} >= 0`),
    // MAX_BALANCE (packages/shared): numeric(20,8) holds no more, and the rule is stated here too.
    check('wallets_balance_within_limit', sql`${table.balance} <= 999999999999.99999999`),
    // The admin wallets list: richest first, ties in a fixed order.
    index('wallets_balance_idx').on(table.balance.desc(), table.userId),
  ],
);

export const transactionTypes = ['MINING', 'REFERRAL', 'ADMIN_ADJUSTMENT'] as const;

/** The ledger (D10): a wallet's balance is always the sum of its rows here. */
export const transactions = pgTable(
  'transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: money('amount').notNull(),
    transactionType: text('transaction_type', { enum: transactionTypes }).notNull(),
    description: text('description').notNull().default(''),
    /** For REFERRAL: the referred user, so a referral is paid at most once (D12). */
    referredUserId: uuid('referred_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** For ADMIN_ADJUSTMENT: who made it, why, and the client's Idempotency-Key. */
    adminId: uuid('admin_id').references(() => adminUsers.id, { onDelete: 'set null' }),
    reason: text('reason'),
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
  },
  (table) => [
    // The wallet's list order, tiebreaker included (issue 11: it was sorted in memory).
    index('transactions_user_created_idx').on(
      table.userId,
      table.createdAt.desc(),
      table.id.desc(),
    ),
    index('transactions_user_type_idx').on(table.userId, table.transactionType),
    uniqueIndex('transactions_referral_once_key')
      .on(table.referredUserId)
      .where(sql`${table.transactionType} = 'REFERRAL'`),
    uniqueIndex('transactions_idempotency_key')
      .on(table.adminId, table.idempotencyKey)
      .where(sql`${table.idempotencyKey} IS NOT NULL`),
    check('transactions_amount_not_zero', sql`${table.amount} <> 0`),
    check(
      'transactions_type_known',
      sql`${table.transactionType} IN ('MINING', 'REFERRAL', 'ADMIN_ADJUSTMENT')`,
    ),
  ],
);

/**
 * Idempotency-Key records for admin wallet adjustments: a key belongs to one admin and stands for
 * one request (its fingerprint: wallet, mode, amount, reason). The first result is kept, no-ops
 * included, so a replay returns it and a different request under the same key is refused.
 */
export const walletAdjustmentKeys = pgTable(
  'wallet_adjustment_keys',
  {
    adminId: uuid('admin_id')
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    balance: money('balance').notNull(),
    delta: money('delta').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ name: 'wallet_adjustment_keys_pkey', columns: [table.adminId, table.key] }),
  ],
);

/** One open mining session per user, enforced by the unique user_id (D11). */
export const miningSessions = pgTable(
  'mining_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hourlyRate: money('hourly_rate').notNull(),
    miningStartTime: timestamp('mining_start_time', { withTimezone: true }).notNull().defaultNow(),
    lastRewardTime: timestamp('last_reward_time', { withTimezone: true }).notNull().defaultNow(),
    totalMiningSeconds: integer('total_mining_seconds').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    unique('mining_sessions_user_id_key').on(table.userId),
    // The crediting job looks for rewards that fell due (decision 014).
    index('mining_sessions_last_reward_idx').on(table.lastRewardTime),
    check('mining_sessions_rate_positive', sql`${table.hourlyRate} > 0`),
  ],
);

/**
 * The last ping of each open session, apart from the session (decision 014): a ping updates only
 * this narrow row, so it never waits for the crediting job, which locks the session while it pays.
 * No index on last_ping: every ping rewrites it, and without one the row is updated in place (a
 * HOT update, with room left in each page); the stale-session job scans instead.
 */
export const miningPings = pgTable('mining_pings', {
  sessionId: uuid('session_id')
    .primaryKey()
    .references(() => miningSessions.id, { onDelete: 'cascade' }),
  /** The session's owner, so a ping proves ownership without reading the session. */
  userId: uuid('user_id').notNull(),
  lastPing: timestamp('last_ping', { withTimezone: true }).notNull(),
});

export const miningStats = pgTable(
  'mining_stats',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    hashrate: doublePrecision('hashrate').notNull().default(0),
    sharesTotal: bigint('shares_total', { mode: 'number' }).notNull().default(0),
    sharesAccepted: bigint('shares_accepted', { mode: 'number' }).notNull().default(0),
    lastMiningTime: timestamp('last_mining_time', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (table) => [
    check(
      'mining_stats_shares_valid',
      sql`${table.sharesAccepted} >= 0 AND ${table.sharesAccepted} <= ${table.sharesTotal}`,
    ),
  ],
);

export const systemSettings = pgTable('system_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

/** Uploaded images (D14, D23): the file lives in storage under storage_key; this row owns it. */
export const media = pgTable(
  'media',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['blog_cover', 'community_image'] }).notNull(),
    storageKey: text('storage_key').notNull(),
    mimeType: text('mime_type').notNull(),
    bytes: integer('bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    ownerAdminId: uuid('owner_admin_id').references(() => adminUsers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    unique('media_storage_key_key').on(table.storageKey),
    index('media_owner_user_idx').on(table.ownerUserId),
    check('media_bytes_limit', sql`${table.bytes} > 0 AND ${table.bytes} <= 5242880`),
    check(
      'media_mime_allowed',
      sql`${table.mimeType} IN ('image/jpeg', 'image/png', 'image/webp', 'image/gif')`,
    ),
  ],
);

export const blogPosts = pgTable(
  'blog_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
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

/** Who did what, when, in the admin area (issue: admin users, wallets, moderation). */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorAdminId: uuid('actor_admin_id').references(() => adminUsers.id, { onDelete: 'set null' }),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    details: jsonb('details').notNull().default({}),
    createdAt: createdAt(),
  },
  (table) => [
    index('admin_audit_log_created_idx').on(table.createdAt.desc()),
    index('admin_audit_log_target_idx').on(table.targetType, table.targetId),
    check(
      'admin_audit_log_has_actor',
      sql`${table.actorAdminId} IS NOT NULL OR ${table.actorUserId} IS NOT NULL`,
    ),
  ],
);

/**
 * Fixed-window counters for rate limits (D5), shared by every process through the database.
 * Each row counts hits of one key in one window.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.key, table.windowStart] }),
    index('rate_limit_hits_window_idx').on(table.windowStart),
  ],
);

/**
 * Mail waiting to be sent (issue 10, finding 12): a request only records what to send, with one
 * insert whether or not the address has an account, and the server drains the queue outside the
 * request, so neither the database work nor SMTP latency reveals who is registered.
 */
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', {
      enum: ['verify_email', 'reset_password', 'already_registered'],
    }).notNull(),
    email: text('email').notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** When a drainer may (next) take it; a drainer that takes it leases it until then. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (table) => [index('mail_queue_next_attempt_idx').on(table.nextAttemptAt)],
);

/**
 * The live events of one crediting tick (decision 014): one row and one NOTIFY carrying its id, so
 * a batch of any size reaches every process (a NOTIFY payload holds 8,000 bytes at most). Rows are
 * read within seconds and purged by the maintenance job.
 */
export const realtimeBatches = pgTable(
  'realtime_batches',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    payload: text('payload').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('realtime_batches_created_idx').on(table.createdAt)],
);

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * Uploaded images when the app runs on a PostgreSQL server (issue 12): every process, on any
 * machine, serves what any other stored. Keys are the media keys of media/storage.ts.
 */
export const mediaBlobs = pgTable('media_blobs', {
  key: text('key').primaryKey(),
  bytes: bytea('bytes').notNull(),
  createdAt: createdAt(),
});
