import type { Staff } from '@btcp/shared';
import type { Database, Transaction } from '#server/db/client.ts';
import { adminAuditLog } from '#server/db/schema.ts';

/**
 * Who acted: a staff member, or a member changing their own account's security (two-factor,
 * decision 027), recorded as the member who did it.
 */
export type AuditActor = Staff | { role: 'member'; id: string; email: string };

/** Who did what to what, and when: written in the same transaction as the change itself. */
export async function audit(
  tx: Transaction | Database,
  actor: AuditActor,
  action: string,
  target: { type: string; id?: string },
  details: Record<string, unknown> = {},
): Promise<void> {
  await tx.insert(adminAuditLog).values({
    actorAdminId: actor.role === 'admin' ? actor.id : null,
    actorUserId: actor.role === 'admin' ? null : actor.id,
    action,
    targetType: target.type,
    targetId: target.id ?? null,
    details,
  });
}
