import { formatCoinAmount } from '@btcp/shared/decimal';
import { COIN } from '@btcp/shared/product';
import type { ProofRecord } from '@btcp/shared/proof-schemas';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { formatCount, formatShortDateTime } from '#web/lib/format.ts';
import type { RecordCheck } from '../lib/check-records.ts';
import { RecordStatus } from './record-status.tsx';

interface RecordLogProps {
  records: ProofRecord[];
  checks: Map<number, RecordCheck> | null | undefined;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
}

function LogEntry({
  record,
  check,
  unsupported,
}: {
  record: ProofRecord;
  check: RecordCheck | undefined;
  unsupported: boolean;
}) {
  return (
    <li className="grid gap-2 py-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h3 className="font-semibold">Record #{record.id}</h3>
        {record.label ? (
          <Badge className="border-primary/30 bg-accent py-0.5 text-accent-foreground">
            {record.label}
          </Badge>
        ) : null}
        <time dateTime={record.takenAt} className="text-sm text-muted-foreground">
          {formatShortDateTime(record.takenAt, 'UTC')} UTC
        </time>
      </div>
      <p className="text-sm">
        <span className="tabular-nums">
          {formatCoinAmount(record.total)} {COIN}
        </span>{' '}
        across {formatCount(record.leafCount)} {record.leafCount === 1 ? 'account' : 'accounts'}
      </p>
      <p className="font-mono text-xs break-all text-muted-foreground">
        <span className="sr-only">Digest: </span>
        {record.digest}
      </p>
      <RecordStatus id={record.id} check={check} unsupported={unsupported} />
    </li>
  );
}

/** The published records, newest first, each with what this browser found about it. */
export function RecordLog({
  records,
  checks,
  hasOlder,
  loadingOlder,
  onLoadOlder,
}: RecordLogProps) {
  if (records.length === 0) {
    return <p className="text-muted-foreground">No record has been published yet.</p>;
  }
  return (
    <div className="grid gap-4">
      <ol className="divide-y divide-border" aria-label="Published records">
        {records.map((record) => (
          <LogEntry
            key={record.id}
            record={record}
            check={checks?.get(record.id)}
            unsupported={checks === null}
          />
        ))}
      </ol>
      {hasOlder ? (
        <Button
          variant="outline"
          className="justify-self-start"
          onClick={onLoadOlder}
          disabled={loadingOlder}
        >
          {loadingOlder ? 'Loading...' : 'Load older records'}
        </Button>
      ) : null}
    </div>
  );
}
