import type { ProofRecord, ProofSnapshotsPage } from '@btcp/shared/proof-schemas';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { type ReadOptions, readInit } from './read-options.ts';

export const proofRecordsQueryKey = ['proofs', 'records'] as const;

/** One page of the published log, newest first: the records below `before`, when given. */
export const getProofRecords = (
  before: number | null,
  limit: number,
  options: ReadOptions = {},
) => {
  const query = new URLSearchParams({ limit: String(limit) });
  if (before !== null) query.set('before', String(before));
  return apiRequest<ProofSnapshotsPage>(`/proof/snapshots?${query}`, readInit(options));
};

export const getProofRecord = (id: number, options: ReadOptions = {}) =>
  apiRequest<ProofRecord>(`/proof/snapshots/${id}`, readInit(options));

export const PROOF_LOG_PAGE_SIZE = 20;

/** The log on /proof: 20 records a page, 'Load older records' asks for the next by keyset. */
export const proofLogQueryOptions = (limit = PROOF_LOG_PAGE_SIZE) =>
  infiniteQueryOptions({
    queryKey: [...proofRecordsQueryKey, 'log', { limit }],
    queryFn: ({ pageParam, signal }) => getProofRecords(pageParam, limit, { signal }),
    initialPageParam: null as number | null,
    getNextPageParam: (lastPage) => lastPage.nextBefore,
  });

export const useProofLog = (limit?: number) => useInfiniteQuery(proofLogQueryOptions(limit));
