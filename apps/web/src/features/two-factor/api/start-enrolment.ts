import type { TwoFactorEnrolment } from '@btcp/shared/two-factor';
import { apiRequest } from '#web/lib/api-client.ts';
import { type TwoFactorOwner, twoFactorPath } from './owner.ts';

/** A new key (restarting an unfinished set-up); 403 REAUTHENTICATION_REQUIRED asks for the password. */
export const startEnrolment = (owner: TwoFactorOwner) =>
  apiRequest<TwoFactorEnrolment>(twoFactorPath(owner, '/enrolment'), { method: 'POST' });
