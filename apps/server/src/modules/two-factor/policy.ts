import {
  type AdminTwoFactorPolicy,
  AdminTwoFactorPolicySchema,
  type Staff,
  twoFactorMessages,
} from '@btcp/shared';
import type { Database } from '#server/db/client.ts';
import { conflict } from '#server/errors.ts';
import { ADMIN_TWO_FACTOR_POLICY_KEY as POLICY_KEY } from '#server/modules/auth/index.ts';
import { auditedSetting } from '#server/modules/settings/index.ts';
import { hasConfirmedFactor } from './factors.ts';

const policy = auditedSetting<AdminTwoFactorPolicy>({
  key: POLICY_KEY,
  schema: AdminTwoFactorPolicySchema,
  defaults: { requiredForAdmins: false },
  action: 'settings.two_factor.update',
});

/** Whether every admin must have two-factor; off until an admin turns it on. */
export const adminTwoFactorPolicy = policy.load;

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
  return policy.save(db, staff, next);
}
