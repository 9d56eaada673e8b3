import type { MiningSettlement, SessionIdBody } from '@btcp/shared/mining';
import { apiRequest } from '#web/lib/api-client.ts';

/** Closes the session and pays the pro-rata remainder (D11). */
export const stopMining = (body: SessionIdBody) =>
  apiRequest<MiningSettlement>('/mining/stop', { method: 'POST', body });
