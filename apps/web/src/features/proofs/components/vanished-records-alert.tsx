import { TriangleAlert } from 'lucide-react';
import { Alert } from '#web/components/ui/alert.tsx';
import { formatLongDate } from '#web/lib/format.ts';
import type { VanishedRecord } from '../lib/remembered-records.ts';

/** Loud on purpose: a published record this browser verified has gone, or been rewritten. */
export function VanishedRecordsAlert({ records }: { records: VanishedRecord[] }) {
  return (
    <Alert role="alert" className="grid gap-2 border-2 border-destructive">
      <p className="inline-flex items-center gap-2 text-base font-bold">
        <TriangleAlert aria-hidden="true" className="size-5 shrink-0" />
        The published log has changed since this browser checked it
      </p>
      <ul className="grid list-disc gap-1 pl-5">
        {records.map((record) => (
          <li key={record.id}>
            Record #{record.id}, verified here on {formatLongDate(record.verifiedAt)},{' '}
            {record.change === 'missing'
              ? 'is no longer in the published log.'
              : 'is in the published log with a different digest: it was rewritten.'}{' '}
            <span className="break-all">Its digest then: {record.digest}</span>
          </li>
        ))}
      </ul>
    </Alert>
  );
}
