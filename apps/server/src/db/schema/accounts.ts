import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, randomId, updatedAt } from './columns.ts';

export const users = pgTable(
  'users',
  {
    id: randomId(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** Last request with a session, for the community's real "Online" figure (D19). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /**
     * When the member deleted the account (decision 029): the row stays, anonymised, so the ledger
     * keeps its owner; the address is replaced and free to register again.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * The address as its mailbox sees it (decision 031): lower case, and for providers that ignore
     * them without dots or a +tag. One mailbox, one account; mail still goes to `email` as typed.
     * Empty only for accounts that predate the rule and share a mailbox with an older one.
     */
    emailNormalized: text('email_normalized'),
    /** Where the account was registered from (decision 031), for per-network limits and Signals. */
    signupIp: text('signup_ip'),
    /** The sign-up address's network: an IPv4 /24 or an IPv6 /64, as `203.0.113.0/24`. */
    signupNetwork: text('signup_network'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${table.email})`),
    uniqueIndex('users_email_normalized_key').on(table.emailNormalized),
    // Registrations per network per day, and the Signals clusters.
    index('users_signup_network_idx').on(table.signupNetwork, table.createdAt),
    index('users_last_seen_at_idx').on(table.lastSeenAt),
    // The admin users list: newest first.
    index('users_created_idx').on(table.createdAt.desc(), table.id.desc()),
    // An address, or a deleted account's placeholder (decision 029), which no address can equal.
    check(
      'users_email_shape',
      sql`${table.email} ~ '^[^@[:space:]]+@[^@[:space:]]+$' OR (${table.deletedAt} IS NOT NULL AND ${table.email} = 'deleted:' || ${table.id}::text)`,
    ),
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
    /**
     * The moderator flag (D7). The column keeps the name the seed gave it; the code calls it what
     * it means, as the API does.
     */
    isModerator: boolean('is_admin').notNull().default(false),
    isBanned: boolean('is_banned').notNull().default(false),
    /** D28: the member chose to appear on the public leaderboard; only with a username. */
    showOnLeaderboard: boolean('show_on_leaderboard').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    unique('profiles_referral_code_key').on(table.referralCode),
    uniqueIndex('profiles_username_lower_key').on(sql`lower(${table.username})`),
    index('profiles_referred_by_idx').on(table.referredBy),
    index('profiles_created_at_idx').on(table.createdAt),
    // The leaderboard reads only the members who opted in.
    index('profiles_leaderboard_idx').on(table.id).where(sql`${table.showOnLeaderboard}`),
    check(
      'profiles_leaderboard_needs_username',
      sql`NOT ${table.showOnLeaderboard} OR ${table.username} IS NOT NULL`,
    ),
    check('profiles_username_shape', sql`${table.username} ~ '^[A-Za-z0-9_]{3,30}$'`),
    check('profiles_referral_code_shape', sql`${table.referralCode} ~ '^[A-Z2-9]{8}$'`),
    check('profiles_not_self_referred', sql`${table.referredBy} <> ${table.id}`),
  ],
);

export const adminUsers = pgTable(
  'admin_users',
  {
    id: randomId(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('admin_users_email_lower_key').on(sql`lower(${table.email})`)],
);

/** The member a row belongs to; the row is deleted with the member's. */
export function ownerUserId() {
  return uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
}

/**
 * The owner of a row that a member or an admin may hold (a session, a second factor): `kind` says
 * which, and only that one's id is set (`ownerMatchesKind`).
 */
export function memberOrAdminOwner() {
  return {
    kind: text('kind', { enum: ['user', 'admin'] }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    adminId: uuid('admin_id').references(() => adminUsers.id, { onDelete: 'cascade' }),
  };
}

/** The check `<table>_owner_matches_kind` of a table with a `memberOrAdminOwner()`. */
export function ownerMatchesKind(
  tableName: string,
  { kind, userId, adminId }: { kind: AnyPgColumn; userId: AnyPgColumn; adminId: AnyPgColumn },
) {
  return check(
    `${tableName}_owner_matches_kind`,
    sql`(${kind} = 'user' AND ${userId} IS NOT NULL AND ${adminId} IS NULL)
    OR (${kind} = 'admin' AND ${adminId} IS NOT NULL AND ${userId} IS NULL)`,
  );
}

/** Opaque sessions (D3): the row is keyed by the SHA-256 of the token, never the token itself. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    ...memberOrAdminOwner(),
    persistent: boolean('persistent').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /**
     * When the password was last entered in this session (signing in counts): sensitive changes
     * and the data export ask for it again after a while (decision 025).
     */
    reauthenticatedAt: timestamp('reauthenticated_at', { withTimezone: true }),
  },
  (table) => [
    index('sessions_user_id_idx').on(table.userId),
    index('sessions_admin_id_idx').on(table.adminId),
    index('sessions_expires_at_idx').on(table.expiresAt),
    // ownerMatchesKind's condition, laid out as its migration wrote it (drizzle-kit compares the text).
    check(
      'sessions_owner_matches_kind',
      sql`(${table.kind} = 'user' AND ${table.userId} IS NOT NULL AND ${table.adminId} IS NULL)
        OR (${table.kind} = 'admin' AND ${table.adminId} IS NOT NULL AND ${table.userId} IS NULL)`,
    ),
  ],
);

/**
 * Member sessions ended from another of the member's sessions (signing out there, a password
 * change), kept by their token's hash until the session would have expired: the browser still
 * holding the cookie is told why it was signed out, not left to guess (decision 057).
 */
export const endedSessions = pgTable(
  'ended_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    endedAt: timestamp('ended_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('ended_sessions_expires_at_idx').on(table.expiresAt)],
);

/**
 * Single-use links sent by email: verification (24 h) and password reset (1 h), D6; an email
 * change (24 h) carries the new address it confirms (decision 029).
 */
export const emailTokens = pgTable(
  'email_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: ownerUserId(),
    purpose: text('purpose', {
      enum: ['verify_email', 'reset_password', 'change_email'],
    }).notNull(),
    newEmail: text('new_email'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('email_tokens_user_id_idx').on(table.userId, table.purpose),
    index('email_tokens_expires_at_idx').on(table.expiresAt),
    check(
      'email_tokens_new_email_for_change',
      sql`(${table.purpose} = 'change_email') = (${table.newEmail} IS NOT NULL)`,
    ),
  ],
);
