import {
  type AdminTwoFactorPolicy,
  AdminTwoFactorPolicySchema,
  ErrorCode,
  type Staff,
  twoFactorMessages,
} from '@btcp/shared';
import { eq, sql } from 'drizzle-orm';
import type { Database, DatabaseOrTransaction } from '#server/db/client.ts';
import { systemSettings, totpFactors } from '#server/db/schema.ts';
import { AppError, conflict } from '#server/errors.ts';
import { saveAuditedSetting } from '../settings/service.ts';
import { hasConfirmedFactor } from './factors.ts';

/** The `system_settings` row of "Require two-factor for every admin"; missing means off. */
const POLICY_KEY = 'admin_two_factor';

export async function adminTwoFactorPolicy(
  db: DatabaseOrTransaction,
): Promise<AdminTwoFactorPolicy> {
  const [row] = await db
    .select({ value: systemSettings.value })
    .from(systemSettings)
    .where(eq(systemSettings.key, POLICY_KEY));
  const parsed = AdminTwoFactorPolicySchema.safeParse(row?.value);
  return parsed.success ? parsed.data : { requiredForAdmins: false };
}

/**
 * Turning the requirement on is refused to an admin without two-factor of their own, so no admin
 * switches it on and finds the whole area closed to them the moment the page reloads.
 */
export async function setAdminTwoFactorPolicy(
  db: Database,
  staff: Staff,
  next: AdminTwoFactorPolicy,
): Promise<AdminTwoFactorPolicy> {
  if (next.requiredForAdmins && !(await hasConfirmedFactor(db, 'admin', staff.id))) {
    throw conflict(twoFactorMessages.enableYourOwnFirst);
  }
  return saveAuditedSetting(
    db,
    staff,
    { key: POLICY_KEY, action: 'settings.two_factor.update', load: adminTwoFactorPolicy },
    next,
  );
}

/**
 * Whether this admin must set two-factor up before anything else: the requirement is on and they
 * have no confirmed factor. One statement; the admin guard asks it on every admin request.
 */
export async function adminMustEnrol(db: Database, adminId: string): Promise<boolean> {
  const result = await db.execute(sql`
    SELECT coalesce((
      SELECT (${systemSettings.value} ->> 'requiredForAdmins')::boolean
      FROM ${systemSettings} WHERE ${systemSettings.key} = ${POLICY_KEY}
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
