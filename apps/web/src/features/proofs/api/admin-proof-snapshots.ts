import type { ProofRecord } from '@btcp/shared/proof-schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { getProofRecords, proofRecordsQueryKey } from './get-proof-records.ts';

const LATEST = 10;

/** The latest records, for the admin's Settings card. */
export const useLatestProofRecords = () =>
  useQuery({
    queryKey: [...proofRecordsQueryKey, 'latest', LATEST],
    queryFn: ({ signal }) => getProofRecords(null, LATEST, { signal, fresh: true }),
  });

/** Takes a snapshot now (audited); answers with its signed record once stored. */
export function useTakeProofSnapshot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<ProofRecord>('/admin/proof/snapshots', { method: 'POST', body: {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: proofRecordsQueryKey }),
  });
}

/** Names a snapshot (its proofs are then kept forever), or clears its name with an empty label. */
export function useLabelProofSnapshot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, label }: { id: number; label: string }) =>
      apiRequest<ProofRecord>(`/admin/proof/snapshots/${id}`, {
        method: 'PATCH',
        body: { label: label.trim() || null },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: proofRecordsQueryKey }),
  });
}
