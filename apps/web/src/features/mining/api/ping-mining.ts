import type { MiningSettlement, SessionIdBody } from '@btcp/shared/mining';
import { apiRequest } from '../../../lib/api-client.ts';

/** Keeps the session alive and collects what is due; a 404 NO_SESSION once the server closed it. */
export const pingMining = (body: SessionIdBody) =>
  apiRequest<MiningSettlement>('/mining/ping', { method: 'POST', body });
