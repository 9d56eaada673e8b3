import type { MiningSettlement, SessionIdBody } from '@btcp/shared/mining';
import { apiRequest } from '#web/lib/api-client.ts';
import { retryWhenBusy } from '#web/lib/busy-retry.ts';

/** Closes the session and pays the pro-rata remainder (D11); sent again while the server is busy. */
export const stopMining = (body: SessionIdBody) =>
  retryWhenBusy(() => apiRequest<MiningSettlement>('/mining/stop', { method: 'POST', body }));
