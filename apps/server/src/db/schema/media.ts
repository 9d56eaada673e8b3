import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { adminUsers, users } from './accounts.ts';
import { bytea, createdAt, randomId } from './columns.ts';

/** Uploaded images (D14, D23): the file lives in storage under storage_key; this row owns it. */
export const media = pgTable(
  'media',
  {
    id: randomId(),
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

/**
 * Uploaded images when the app runs on a PostgreSQL server (decision 014): every process, on any
 * machine, serves what any other stored. Keys are the media keys of media/storage.ts.
 */
export const mediaBlobs = pgTable('media_blobs', {
  key: text('key').primaryKey(),
  bytes: bytea('bytes').notNull(),
  createdAt: createdAt(),
});
