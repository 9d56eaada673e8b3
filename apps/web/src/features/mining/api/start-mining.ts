import type { MiningSession } from '@btcp/shared/mining';
import { apiRequest } from '#web/lib/api-client.ts';
import { retryWhenBusy } from '#web/lib/busy-retry.ts';

/**
 * Opens this user's one mining session; a 409 MINING_ELSEWHERE when one is already open (D11).
 * Sent again while the server is busy.
 */
export const startMining = () =>
  retryWhenBusy(() => apiRequest<MiningSession>('/mining/start', { method: 'POST' }));
