import { formatCoinAmount } from '@btcp/shared/decimal';
import { paths } from '@btcp/shared/paths';
import { COIN } from '@btcp/shared/product';
import type { ProofDownload } from '@btcp/shared/proof-schemas';
import { BadgeCheck, Download, ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { QueryContent } from '#web/components/query-content.tsx';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { formatCount, formatLongDate } from '#web/lib/format.ts';
import { saveFile } from '#web/lib/save-file.ts';
import { useMemberProofCheck, useVanishedRecords } from '../hooks/use-member-proof-check.ts';
import type { Mismatch } from '../lib/check-member-proof.ts';
import { CannotVerify } from './cannot-verify.tsx';
import { VanishedRecordsAlert } from './vanished-records-alert.tsx';

const TITLE_ID = 'proof-of-balance-title';

/** "Your balance of X BTCP on <date> is counted in the published total of Y BTCP across N accounts" */
export function countedSentence({ proof, record }: ProofDownload): string {
  // The snapshot is taken at a moment in UTC (daily at 00:00): its date is UTC's, wherever one reads it.
  const date = formatLongDate(record.takenAt, 'UTC');
  const accounts = `${formatCount(record.leafCount)} ${record.leafCount === 1 ? 'account' : 'accounts'}`;
  return `Your balance of ${formatCoinAmount(proof.amount)} ${COIN} on ${date} is counted in the published total of ${formatCoinAmount(record.total)} ${COIN} across ${accounts}`;
}

function saveProof(download: ProofDownload) {
  const name = `btcp-proof-${download.record.id}.json`;
  saveFile(name, `${JSON.stringify(download, null, 2)}\n`, 'application/json');
}

function Actions({ download }: { download?: ProofDownload }) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      {download ? (
        <Button variant="outline" onClick={() => saveProof(download)}>
          <Download aria-hidden="true" className="size-4" />
          Download proof
        </Button>
      ) : null}
      <Link
        to={paths.proof.getHref()}
        className="rounded-sm text-sm font-medium text-primary underline underline-offset-4 hover:no-underline"
      >
        What the proof means
      </Link>
    </div>
  );
}

function Verified({ download }: { download: ProofDownload }) {
  return (
    <>
      <p className="inline-flex items-center gap-2 font-semibold text-success">
        <BadgeCheck aria-hidden="true" className="size-5" />
        Verified
      </p>
      <p>{countedSentence(download)}.</p>
      <p className="text-sm text-muted-foreground">
        Checked in this browser: your proof leads to the signed total, and the record’s digest,
        signature and link to the previous record match.
      </p>
    </>
  );
}

function Failed({ mismatch }: { mismatch: Mismatch }) {
  return (
    <Alert role="alert" className="grid gap-1">
      <p className="inline-flex items-center gap-2 font-semibold">
        <ShieldAlert aria-hidden="true" className="size-5 shrink-0" />
        Not verified: {mismatch.what}
      </p>
      <p>{mismatch.detail}</p>
      <p>Download the proof and keep it: it shows what the server sent.</p>
    </Alert>
  );
}

function ProofState() {
  return (
    <QueryContent
      query={useMemberProofCheck()}
      loadingClassName="grid gap-2"
      skeletons={['h-5 w-24', 'h-5 w-full', 'h-5 w-2/3']}
      failure="Your proof could not be loaded."
    >
      {(check) =>
        check.status === 'none' ? (
          <>
            <p className="text-muted-foreground">{check.message}</p>
            <Actions />
          </>
        ) : (
          <>
            {check.status === 'verified' ? (
              <Verified download={check.download} />
            ) : check.status === 'failed' ? (
              <Failed mismatch={check.mismatch} />
            ) : (
              <CannotVerify what="the proof">
                Open the wallet in a current Chrome, Edge, Firefox or Safari, or download the proof
                and check it with <code>npm run verify-proof</code>.
              </CannotVerify>
            )}
            <Actions download={check.download} />
          </>
        )
      }
    </QueryContent>
  );
}

/**
 * D27: the member's balance, checked in their own browser against the signed public record, and
 * the records this browser verified before, still in the published log.
 */
export function ProofOfBalanceCard() {
  const vanished = useVanishedRecords(true);
  return (
    <Card role="region" aria-labelledby={TITLE_ID}>
      <CardHeader>
        <CardTitle id={TITLE_ID}>Proof of balance</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {vanished.data?.length ? <VanishedRecordsAlert records={vanished.data} /> : null}
        <div aria-live="polite" className="grid gap-3">
          <ProofState />
        </div>
      </CardContent>
    </Card>
  );
}

export default ProofOfBalanceCard;
