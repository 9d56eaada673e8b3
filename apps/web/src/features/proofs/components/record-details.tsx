import { formatCoinAmount } from '@btcp/shared/decimal';
import { COIN } from '@btcp/shared/product';
import type { ProofRecord } from '@btcp/shared/proof-schemas';
import type { ReactNode } from 'react';
import { formatCount, formatLongDateTime } from '#web/lib/format.ts';

function Field({
  term,
  children,
  mono = false,
}: {
  term: string;
  children: ReactNode;
  mono?: boolean;
}) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[9rem_minmax(0,1fr)] sm:gap-4">
      <dt className="text-sm font-medium text-muted-foreground">{term}</dt>
      <dd className={mono ? 'font-mono text-xs leading-5 break-all' : 'text-sm'}>{children}</dd>
    </div>
  );
}

/** Every field of a record, as it enters the digest, with what the server signed. */
export function RecordDetails({ record }: { record: ProofRecord }) {
  return (
    <dl className="grid gap-3">
      <Field term="Snapshot">
        #{record.id}
        {record.label ? ` (${record.label})` : ''}
      </Field>
      <Field term="Taken">
        {/* The record's moment is UTC's, as it is signed; the same text on the server and here. */}
        <time dateTime={record.takenAt}>{formatLongDateTime(record.takenAt, 'UTC')} UTC</time>
      </Field>
      <Field term="Total">
        <span className="tabular-nums">
          {formatCoinAmount(record.total)} {COIN}
        </span>
      </Field>
      <Field term="Accounts">{formatCount(record.leafCount)}</Field>
      <Field term="Root" mono>
        {record.root}
      </Field>
      <Field term="Previous" mono>
        {record.previous ?? 'none (the first record)'}
      </Field>
      <Field term="Digest" mono>
        {record.digest}
      </Field>
      <Field term="Signature" mono>
        {record.signature}
      </Field>
      <Field term="Signing key" mono>
        {record.keyId}
      </Field>
    </dl>
  );
}
