import {
  DEFAULT_SIGN_UP_PROTECTION,
  type SignUpProtection,
  SignUpProtectionSchema,
  type Staff,
} from '@btcp/shared';
import type { Database, DatabaseOrTransaction } from '#server/db/client.ts';
import { loadSettingRow, saveAuditedSetting } from '#server/modules/settings/index.ts';

/** The `system_settings` row of the admin's "Sign-up protection" card (decision 031). */
const SETTINGS_KEY = 'sign_up_protection';

/** The stored settings; a missing or unreadable row counts as the defaults. */
export const loadSignUpProtection = (db: DatabaseOrTransaction): Promise<SignUpProtection> =>
  loadSettingRow(db, SETTINGS_KEY, SignUpProtectionSchema, DEFAULT_SIGN_UP_PROTECTION);

/** An admin changes them: audited with what they were and what they became. */
export function updateSignUpProtection(
  db: Database,
  staff: Staff,
  next: SignUpProtection,
): Promise<SignUpProtection> {
  return saveAuditedSetting(
    db,
    staff,
    { key: SETTINGS_KEY, action: 'settings.sign_up.update', load: loadSignUpProtection },
    next,
  );
}
