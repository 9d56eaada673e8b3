import type { ReauthenticateBody } from '@btcp/shared/sessions';
import { apiRequest } from '#web/lib/api-client.ts';

/** Enters the password again: unlocks the sensitive account actions for 10 minutes (decision 025). */
export const reauthenticate = (body: ReauthenticateBody) =>
  apiRequest<void>('/account/reauthenticate', { method: 'POST', body });
