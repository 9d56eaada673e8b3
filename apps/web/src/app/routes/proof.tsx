import { pageTitles } from '@btcp/shared/paths';
import { useQuery } from '@tanstack/react-query';
import { RetryAlert } from '#web/components/ui/alert.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { SkeletonStack } from '#web/components/ui/skeleton.tsx';
import { proofKeysQueryOptions } from '#web/features/proofs/api/get-proof-keys.ts';
import { proofLogQueryOptions, useProofLog } from '#web/features/proofs/api/get-proof-records.ts';
import { CannotVerify } from '#web/features/proofs/components/cannot-verify.tsx';
import { ProofExplainer } from '#web/features/proofs/components/proof-explainer.tsx';
import { RecordDetails } from '#web/features/proofs/components/record-details.tsx';
import { RecordLog } from '#web/features/proofs/components/record-log.tsx';
import { RecordStatus } from '#web/features/proofs/components/record-status.tsx';
import { VanishedRecordsAlert } from '#web/features/proofs/components/vanished-records-alert.tsx';
import { useVanishedRecords } from '#web/features/proofs/hooks/use-member-proof-check.ts';
import { useRecordChecks } from '#web/features/proofs/hooks/use-record-checks.ts';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { useHydrated } from '#web/hooks/use-hydrated.ts';
import type { PublicPageHandle } from '#web/lib/public-page.ts';

/** The newest records and the signing key come with the page; the checks run in the browser. */
export const handle: PublicPageHandle = {
  prefetch: (queryClient) =>
    Promise.all([
      queryClient.fetchInfiniteQuery(proofLogQueryOptions()),
      queryClient.fetchQuery(proofKeysQueryOptions()),
    ]),
};

export function Component() {
  useDocumentTitle(pageTitles.proof);
  const log = useProofLog();
  const keys = useQuery(proofKeysQueryOptions());
  const records = log.data?.pages.flatMap((page) => page.items) ?? [];
  const checks = useRecordChecks(records, keys.data);
  const vanished = useVanishedRecords(useHydrated());
  const newest = records[0];

  return (
    <div className="mx-auto grid max-w-4xl gap-10 px-4 pt-10 pb-20 sm:px-6 lg:px-8 lg:pt-16">
      <header className="grid gap-3 border-b border-border pb-8">
        <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">Proof of balances</h1>
        <p className="max-w-2xl text-lg text-muted-foreground">
          A signed, chained, public record of the sum of all balances, and for each member a proof,
          checked in their own browser, that their balance is in it.
        </p>
      </header>
      {vanished.data?.length ? <VanishedRecordsAlert records={vanished.data} /> : null}
      {checks.data === null ? (
        <CannotVerify what="the records">
          Open this page in a current Chrome, Edge, Firefox or Safari.
        </CannotVerify>
      ) : null}
      <ProofExplainer />
      {log.isError ? (
        <RetryAlert onRetry={() => void log.refetch()}>The records could not be loaded.</RetryAlert>
      ) : !log.data ? (
        <div role="status" aria-label="Loading the records">
          <SkeletonStack lines={['h-40', 'h-24', 'h-24']} className="grid gap-4" />
        </div>
      ) : (
        <>
          {newest ? (
            <Card role="region" aria-labelledby="newest-record">
              <CardHeader>
                <CardTitle id="newest-record">The newest record</CardTitle>
              </CardHeader>
              <CardContent className="grid gap-4">
                <RecordDetails record={newest} />
                <RecordStatus
                  id={newest.id}
                  check={checks.data?.get(newest.id)}
                  unsupported={checks.data === null}
                />
              </CardContent>
            </Card>
          ) : null}
          <section aria-labelledby="record-log" className="grid gap-2">
            <h2 id="record-log" className="text-2xl font-bold tracking-tight">
              The log of records
            </h2>
            {keys.data ? (
              <p className="text-sm text-muted-foreground">
                Signed with Ed25519 key {keys.data.keyId}:{' '}
                <span className="block font-mono text-xs break-all">{keys.data.publicKey}</span>
              </p>
            ) : null}
            <RecordLog
              records={records}
              checks={checks.data}
              hasOlder={log.hasNextPage}
              loadingOlder={log.isFetchingNextPage}
              onLoadOlder={() => void log.fetchNextPage()}
            />
          </section>
        </>
      )}
    </div>
  );
}
