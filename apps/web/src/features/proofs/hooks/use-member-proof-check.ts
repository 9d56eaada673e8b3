import { useQuery } from '@tanstack/react-query';
import { checkMemberProof } from '../lib/check-member-proof.ts';
import { checkRememberedRecords } from '../lib/check-remembered-records.ts';

/** The member's latest proof, checked in this browser on every visit to the wallet. */
export const useMemberProofCheck = () =>
  useQuery({
    queryKey: ['proofs', 'member-check'],
    queryFn: ({ signal }) => checkMemberProof(signal),
    staleTime: 0,
    // A failed check is a finding to show, not a glitch to retry away.
    retry: false,
  });

/** The records this browser verified before that the published log no longer holds as they were. */
export const useVanishedRecords = (enabled: boolean) =>
  useQuery({
    queryKey: ['proofs', 'remembered-check'],
    queryFn: ({ signal }) => checkRememberedRecords(signal),
    enabled,
    staleTime: 0,
  });
