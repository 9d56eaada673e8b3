import { adminMessages, type Staff } from '@btcp/shared';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { adminUsers } from '#server/db/schema.ts';
import { badRequest, conflict, unauthorized } from '#server/errors.ts';
import { hashNewPassword, verifyPassword } from '#server/lib/passwords.ts';
import { audit } from '#server/modules/audit/index.ts';
import { queueSecurityNotice } from '#server/modules/mail/index.ts';
import { endPendingSignIns, hasConfirmedFactorColumn } from '#server/modules/two-factor/index.ts';

/**
 * D8: creates an admin account. `onlyIfNone` makes the first-run bootstrap race-free: the insert
 * happens only while the table is empty, under a lock that makes two simultaneous first admins
 * impossible.
 */
export async function createAdminAccount(
  db: Database,
  email: string,
  password: string,
  options: { onlyIfNone: boolean },
): Promise<{ id: string; email: string } | null> {
  const passwordHash = await hashNewPassword(password);
  try {
    return await db.transaction(async (tx) => {
      if (options.onlyIfNone) {
        await tx.execute(sql`LOCK TABLE ${adminUsers} IN SHARE ROW EXCLUSIVE MODE`);
        const [existing] = await tx.select({ id: adminUsers.id }).from(adminUsers).limit(1);
        if (existing) return null;
      }
      const [row] = await tx
        .insert(adminUsers)
        .values({ email, passwordHash })
        .returning({ id: adminUsers.id, email: adminUsers.email });
      return row ?? null;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'admin_users_email_lower_key')) {
      throw conflict('An admin with this email already exists', {
        email: 'An admin with this email already exists',
      });
    }
    throw error;
  }
}

export async function findAdminByEmail(db: Database, email: string) {
  const [row] = await db
    .select({
      ...getTableColumns(adminUsers),
      hasSecondFactor: hasConfirmedFactorColumn('admin'),
    })
    .from(adminUsers)
    .where(eq(sql`lower(${adminUsers.email})`, email.toLowerCase()))
    .limit(1);
  return row ?? null;
}

/**
 * An admin changes their own password: the current one must match; the change is audited. Ending
 * the admin's other sessions is the caller's (it knows which session is this one).
 */
export async function changeAdminPassword(
  db: Database,
  staff: Staff,
  passwords: { currentPassword: string; newPassword: string },
  now: Date,
) {
  const [row] = await db.select().from(adminUsers).where(eq(adminUsers.id, staff.id));
  if (!row) throw unauthorized(adminMessages.sessionNotFound);
  if (!(await verifyPassword(row.passwordHash, passwords.currentPassword))) {
    throw badRequest(adminMessages.currentPasswordIncorrect, {
      currentPassword: adminMessages.currentPasswordIncorrect,
    });
  }
  const passwordHash = await hashNewPassword(passwords.newPassword, 'newPassword');
  await db.transaction(async (tx) => {
    await tx
      .update(adminUsers)
      .set({ passwordHash, updatedAt: now })
      .where(eq(adminUsers.id, staff.id));
    await endPendingSignIns(tx, 'admin', staff.id);
    await audit(tx, staff, 'admin.password.change', { type: 'admin', id: staff.id });
    await queueSecurityNotice(tx, staff.email, 'password_changed', now);
  });
}
