import type { ReauthenticateBody } from '@btcp/shared/sessions';
import { apiRequest } from '#web/lib/api-client.ts';
import type { TwoFactorOwner } from './owner.ts';

/** The password again (decision 025), for the member's or the admin's own session. */
export const reauthenticate = (owner: TwoFactorOwner, body: ReauthenticateBody) =>
  apiRequest<void>(owner === 'account' ? '/account/reauthenticate' : '/admin/reauthenticate', {
    method: 'POST',
    body,
  });
