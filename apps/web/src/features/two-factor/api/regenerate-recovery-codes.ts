import type { RecoveryCodes } from '@btcp/shared/two-factor';
import { apiRequest } from '#web/lib/api-client.ts';
import { type TwoFactorOwner, twoFactorPath } from './owner.ts';

/** Ten new codes, the old ones void; 403 REAUTHENTICATION_REQUIRED asks for the password first. */
export const regenerateRecoveryCodes = (owner: TwoFactorOwner) =>
  apiRequest<RecoveryCodes>(twoFactorPath(owner, '/recovery-codes'), { method: 'POST' });
