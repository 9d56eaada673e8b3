import type { MiningSession } from '@btcp/shared/mining';
import { apiRequest } from '#web/lib/api-client.ts';

/** Opens this user's one mining session; a 409 MINING_ELSEWHERE when one is already open (D11). */
export const startMining = () => apiRequest<MiningSession>('/mining/start', { method: 'POST' });
