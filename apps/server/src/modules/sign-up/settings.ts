import {
  DEFAULT_SIGN_UP_PROTECTION,
  type SignUpProtection,
  SignUpProtectionSchema,
} from '@btcp/shared';
import { auditedSetting } from '#server/modules/settings/index.ts';

/**
 * The `system_settings` row of the admin's "Sign-up protection" card (decision 031); a missing or
 * unreadable row counts as the defaults.
 */
export const signUpProtection = auditedSetting<SignUpProtection>({
  key: 'sign_up_protection',
  schema: SignUpProtectionSchema,
  defaults: DEFAULT_SIGN_UP_PROTECTION,
  action: 'settings.sign_up.update',
});
