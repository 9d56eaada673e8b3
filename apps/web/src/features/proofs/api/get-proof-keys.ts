import type { ProofKeys } from '@btcp/shared/proof-schemas';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { type ReadOptions, readInit } from './read-options.ts';

/** The signing key in use and every key used before, so each record can be checked by the key it names. */
export const getProofKeys = (options: ReadOptions = {}) =>
  apiRequest<ProofKeys>('/proof/key', readInit(options));

export const proofKeysQueryOptions = () =>
  queryOptions({
    queryKey: ['proofs', 'keys'],
    queryFn: ({ signal }) => getProofKeys({ signal }),
    staleTime: 5 * 60_000,
  });
