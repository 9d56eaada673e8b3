import { ErrorCode } from '@btcp/shared/error-codes';
import type { ReauthenticateBody } from '@btcp/shared/sessions';
import { ApiRequestError, apiRequest } from './api-client.ts';

/** Whether the server wants the member to prove it is them first (decision 025). */
export const needsReauthentication = (error: unknown) =>
  error instanceof ApiRequestError && error.code === ErrorCode.reauthenticationRequired;

/** Enters the password again: unlocks the sensitive account actions for 10 minutes. */
export const reauthenticateWithPassword = (body: ReauthenticateBody) =>
  apiRequest<void>('/account/reauthenticate', { method: 'POST', body });
