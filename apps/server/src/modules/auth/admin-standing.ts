import { ErrorCode, twoFactorMessages } from '@btcp/shared';
import { sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { adminUsers, systemSettings, totpFactors } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';

/*
 * What the guards ask about admins, beside their sessions. It sits in auth, below the admin area
 * and two-factor, because both of those mount routes behind the guards
 * (docs/decisions/050-modules-point-one-way.md).
 */

/** The `system_settings` row of "Require two-factor for every admin"; missing means off. */
export const ADMIN_TWO_FACTOR_POLICY_KEY = 'admin_two_factor';

export async function adminExists(db: Database): Promise<boolean> {
  const [row] = await db.select({ id: adminUsers.id }).from(adminUsers).limit(1);
  return Boolean(row);
}

/**
 * Whether this admin must set two-factor up before anything else: the requirement is on and they
 * have no confirmed factor. One statement; the admin guard asks it on every admin request.
 */
export async function adminMustEnrol(db: Database, adminId: string): Promise<boolean> {
  const result = await db.execute(sql`
    SELECT coalesce((
      SELECT (${systemSettings.value} ->> 'requiredForAdmins')::boolean
      FROM ${systemSettings} WHERE ${systemSettings.key} = ${ADMIN_TWO_FACTOR_POLICY_KEY}
    ), false) AND NOT EXISTS (
      SELECT 1 FROM ${totpFactors}
      WHERE ${totpFactors.adminId} = ${adminId} AND ${totpFactors.confirmedAt} IS NOT NULL
    ) AS must`);
  // Both drivers (PGlite, node-postgres) answer `execute` with `{ rows }`.
  const [row] = (result as unknown as { rows: { must: boolean }[] }).rows;
  return row?.must === true;
}

export const enrolmentRequired = () =>
  new AppError(403, ErrorCode.twoFactorEnrolmentRequired, twoFactorMessages.enrolmentRequired);
