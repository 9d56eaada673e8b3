import { sql } from 'drizzle-orm';
import { bigserial, check, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { adminUsers, users } from './accounts.ts';
import { createdAt } from './columns.ts';

/** Who did what, when, in the admin area: staff actions on users, wallets, settings and content. */
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
