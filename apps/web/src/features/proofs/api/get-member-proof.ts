import type { MemberProof } from '@btcp/shared/proof-schemas';
import { apiRequest } from '#web/lib/api-client.ts';

/** The caller's proof in the latest snapshot; a 404 says they had no balance then (or none exists). */
export const getMemberProof = (signal?: AbortSignal) =>
  apiRequest<MemberProof>('/wallet/proof', { signal });
