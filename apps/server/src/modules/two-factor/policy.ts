import {
  type AdminTwoFactorPolicy,
  AdminTwoFactorPolicySchema,
  type Staff,
  twoFactorMessages,
} from '@btcp/shared';
import { eq } from 'drizzle-orm';
import type { Database, DatabaseOrTransaction } from '#server/db/client.ts';
import { systemSettings } from '#server/db/schema.ts';
import { conflict } from '#server/errors.ts';
import { ADMIN_TWO_FACTOR_POLICY_KEY as POLICY_KEY } from '#server/modules/auth/index.ts';
import { saveAuditedSetting } from '#server/modules/settings/index.ts';
import { hasConfirmedFactor } from './factors.ts';

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
