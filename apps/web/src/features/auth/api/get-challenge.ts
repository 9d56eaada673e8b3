import type { ProofChallengeResponse } from '@btcp/shared/sign-up';
import { apiRequest } from '#web/lib/api-client.ts';

/** A new proof-of-work challenge (decision 031): never cached, each is answered once. */
export const getChallenge = () => apiRequest<ProofChallengeResponse>('/auth/challenge');
