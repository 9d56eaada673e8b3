import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { memberOrAdminOwner, ownerMatchesKind, ownerUserId, users } from './accounts.ts';
import { bytea, createdAt, randomId } from './columns.ts';

/**
 * TOTP two-factor (RFC 6238, decision 027): one per member or admin. It counts once confirmed
 * with a first code; `last_used_step` is the time step of the last accepted code, so a code (or
 * an earlier one) never works twice.
 */
export const totpFactors = pgTable(
  'totp_factors',
  {
    id: randomId(),
    ...memberOrAdminOwner(),
    /** The shared key, base32 as the authenticator app shows it. */
    secret: text('secret').notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    lastUsedStep: bigint('last_used_step', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('totp_factors_user_key').on(table.userId),
    uniqueIndex('totp_factors_admin_key').on(table.adminId),
    ownerMatchesKind('totp_factors', table),
  ],
);

/** Ten single-use recovery codes per TOTP factor, shown once and kept only as SHA-256 hashes. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: randomId(),
    factorId: uuid('factor_id')
      .notNull()
      .references(() => totpFactors.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [unique('recovery_codes_factor_code_key').on(table.factorId, table.codeHash)],
);

/**
 * A sign-in whose password was right and whose second factor is still to come: keyed by the
 * SHA-256 of a short-lived token held in an httpOnly cookie, with the attempts it has used.
 */
export const pendingSignIns = pgTable(
  'pending_sign_ins',
  {
    tokenHash: text('token_hash').primaryKey(),
    ...memberOrAdminOwner(),
    persistent: boolean('persistent').notNull().default(false),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('pending_sign_ins_expires_at_idx').on(table.expiresAt),
    ownerMatchesKind('pending_sign_ins', table),
  ],
);

/**
 * A member's WebAuthn credentials (passkeys, decision 028), named by the member; a passkey is both
 * factors.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    /** The credential ID, base64url, as the authenticator gave it. */
    id: text('id').primaryKey(),
    userId: ownerUserId(),
    name: text('name').notNull(),
    publicKey: bytea('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default(sql`'{}'::text[]`),
    deviceType: text('device_type', { enum: ['singleDevice', 'multiDevice'] }).notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [
    index('passkeys_user_id_idx').on(table.userId),
    check('passkeys_name_length', sql`char_length(${table.name}) BETWEEN 1 AND 50`),
    check('passkeys_counter_nonnegative', sql`${table.counter} >= 0`),
  ],
);

/**
 * WebAuthn challenges (decision 028), single use and short-lived, shared by every process: a ceremony's answer
 * is accepted only if its challenge is found (and deleted) here, for the same purpose and member.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    challenge: text('challenge').primaryKey(),
    purpose: text('purpose', { enum: ['register', 'authenticate', 'reauthenticate'] }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('webauthn_challenges_expires_at_idx').on(table.expiresAt)],
);
