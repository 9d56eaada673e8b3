import type { SessionIdBody } from '@btcp/shared/mining';
import { apiRequest } from '#web/lib/api-client.ts';

/** Keeps the session alive (204); a 404 NO_SESSION once the server closed it. */
export const pingMining = (body: SessionIdBody) =>
  apiRequest<void>('/mining/ping', { method: 'POST', body });
