import type { ProofKeys, ProofRecord } from '@btcp/shared/proof-schemas';
import { useQuery } from '@tanstack/react-query';
import { useHydrated } from '#web/hooks/use-hydrated.ts';

/**
 * The loaded records, each checked in this browser once the page has hydrated (the server never
 * judges its own records for the reader). The checker and its crypto load with the first check.
 */
export function useRecordChecks(records: ProofRecord[], keys: ProofKeys | undefined) {
  const hydrated = useHydrated();
  return useQuery({
    queryKey: ['proofs', 'record-checks', records.map((record) => record.digest), keys?.keyId],
    queryFn: async () => {
      const { checkRecords } = await import('../lib/check-records.ts');
      return checkRecords(records, keys as ProofKeys);
    },
    enabled: hydrated && keys !== undefined && records.length > 0,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
