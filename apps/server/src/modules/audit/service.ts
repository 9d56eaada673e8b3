import type { Staff } from '@btcp/shared';
import type { Database, Transaction } from '#server/db/client.ts';
import { adminAuditLog } from '#server/db/schema.ts';

/** Who did what to what, and when: written in the same transaction as the change itself. */
export async function audit(
  tx: Transaction | Database,
  actor: Staff,
  action: string,
  target: { type: string; id?: string },
  details: Record<string, unknown> = {},
): Promise<void> {
  await tx.insert(adminAuditLog).values({
    actorAdminId: actor.role === 'admin' ? actor.id : null,
    actorUserId: actor.role === 'moderator' ? actor.id : null,
    action,
    targetType: target.type,
    targetId: target.id ?? null,
    details,
  });
}
