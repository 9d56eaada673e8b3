import type { ProofRecord, ProofSnapshotsPage } from '@btcp/shared/proof-schemas';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';

export const proofRecordsQueryKey = ['proofs', 'records'] as const;

/** One page of the published log, newest first: the records below `before`, when given. */
export const getProofRecords = (before: number | null, limit: number, signal?: AbortSignal) => {
  const query = new URLSearchParams({ limit: String(limit) });
  if (before !== null) query.set('before', String(before));
  return apiRequest<ProofSnapshotsPage>(`/proof/snapshots?${query}`, { signal });
};

export const getProofRecord = (id: number, signal?: AbortSignal) =>
  apiRequest<ProofRecord>(`/proof/snapshots/${id}`, { signal });

export const PROOF_LOG_PAGE_SIZE = 20;

/** The log on /proof: 20 records a page, 'Load older records' asks for the next by keyset. */
export const proofLogQueryOptions = (limit = PROOF_LOG_PAGE_SIZE) =>
  infiniteQueryOptions({
    queryKey: [...proofRecordsQueryKey, 'log', { limit }],
    queryFn: ({ pageParam, signal }) => getProofRecords(pageParam, limit, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (lastPage) => lastPage.nextBefore,
  });

export const useProofLog = (limit?: number) => useInfiniteQuery(proofLogQueryOptions(limit));

export const proofRecordQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...proofRecordsQueryKey, id],
    queryFn: ({ signal }) => getProofRecord(id, signal),
  });
