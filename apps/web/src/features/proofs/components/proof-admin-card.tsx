import { formatCoinAmount } from '@btcp/shared/decimal';
import { COIN } from '@btcp/shared/product';
import type { ProofRecord } from '@btcp/shared/proof-schemas';
import { Camera } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { FormCard, SubmitButton } from '#web/components/form-card.tsx';
import { QueryContent } from '#web/components/query-content.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { NativeSelect } from '#web/components/ui/native-select.tsx';
import { requestErrorMessage } from '#web/lib/form-errors.ts';
import { formatCount, formatShortDateTime } from '#web/lib/format.ts';
import { toast } from '#web/lib/toast.ts';
import {
  useLabelProofSnapshot,
  useLatestProofRecords,
  useTakeProofSnapshot,
} from '../api/admin-proof-snapshots.ts';

const summary = (record: ProofRecord) =>
  `Snapshot #${record.id}: ${formatCoinAmount(record.total)} ${COIN} across ${formatCount(record.leafCount)} ${record.leafCount === 1 ? 'account' : 'accounts'}`;

function TakeSnapshot() {
  const take = useTakeProofSnapshot();
  const [open, setOpen] = useState(false);
  const [taken, setTaken] = useState<ProofRecord | null>(null);
  const confirm = () =>
    take.mutate(undefined, {
      onSuccess: (record) => {
        setTaken(record);
        toast.success(`Snapshot #${record.id} taken and published`);
      },
      onError: (error) =>
        toast.error('Failed to take a snapshot', { description: requestErrorMessage(error) }),
      onSettled: () => setOpen(false),
    });
  return (
    <div className="grid justify-items-start gap-2">
      <ConfirmDialog
        title="Take a snapshot now?"
        description="Every wallet is read at this moment; the signed record is published on the proof page and every member with a balance gets a proof. The snapshot is written to the audit log."
        trigger={
          <Button>
            <Camera aria-hidden="true" className="size-4" />
            Take a snapshot now
          </Button>
        }
        open={open}
        onOpenChange={setOpen}
        busy={take.isPending}
        confirmLabel="Take snapshot"
        busyLabel="Taking snapshot..."
        onConfirm={confirm}
      />
      <p role="status" className="text-sm text-muted-foreground">
        {taken ? `${summary(taken)}.` : ''}
      </p>
    </div>
  );
}

function LabelForm({ records }: { records: ProofRecord[] }) {
  const label = useLabelProofSnapshot();
  const [id, setId] = useState(String(records[0]?.id ?? ''));
  const [text, setText] = useState(records[0]?.label ?? '');
  const pick = (value: string) => {
    setId(value);
    setText(records.find((record) => String(record.id) === value)?.label ?? '');
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    label.mutate(
      { id: Number(id), label: text },
      {
        onSuccess: (record) =>
          toast.success(
            record.label
              ? `Snapshot #${record.id} labelled “${record.label}”`
              : `Label of snapshot #${record.id} cleared`,
          ),
        onError: (error) =>
          toast.error('Failed to label the snapshot', { description: requestErrorMessage(error) }),
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <FormField label="Snapshot">
        {(control) => (
          <NativeSelect {...control} value={id} onChange={(event) => pick(event.target.value)}>
            {records.map((record) => (
              <option key={record.id} value={record.id}>
                #{record.id}, {formatShortDateTime(record.takenAt, 'UTC')} UTC
                {record.label ? `, “${record.label}”` : ''}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <FormField
        label="Label"
        hint="A labelled snapshot’s proofs are kept forever (e.g. “Launch”); leave empty to clear it."
      >
        {(control) => (
          <Input
            {...control}
            value={text}
            maxLength={60}
            autoComplete="off"
            onChange={(event) => setText(event.target.value)}
          />
        )}
      </FormField>
      <SubmitButton busy={label.isPending} busyLabel="Saving...">
        Save label
      </SubmitButton>
    </form>
  );
}

function LatestSnapshots() {
  return (
    <QueryContent
      query={useLatestProofRecords()}
      loadingClassName="grid gap-2"
      skeletons={['h-6', 'h-6', 'h-10']}
      failure="Failed to load the snapshots."
    >
      {({ items: records }) =>
        records.length === 0 ? (
          <p className="text-sm text-muted-foreground">No snapshot has been taken yet.</p>
        ) : (
          <div className="grid gap-6">
            <ul aria-label="Latest snapshots" className="grid gap-2 text-sm">
              {records.slice(0, 5).map((record) => (
                <li key={record.id} className="flex flex-wrap items-baseline gap-x-2">
                  <span className="font-medium">{summary(record)}</span>
                  <span className="text-muted-foreground">
                    {formatShortDateTime(record.takenAt, 'UTC')} UTC
                  </span>
                  {record.label ? (
                    <span className="font-medium text-primary">“{record.label}”</span>
                  ) : null}
                </li>
              ))}
            </ul>
            {/* Keyed by the newest record, so a snapshot just taken is the one the form starts on. */}
            <LabelForm key={records[0]?.id} records={records} />
          </div>
        )
      }
    </QueryContent>
  );
}

/** D27: an admin takes a snapshot on demand and labels the ones to keep forever (both audited). */
export function ProofAdminCard() {
  return (
    <FormCard
      title="Proof of balances"
      description="A signed record of all balances is published every day at 00:00 UTC. Take one now, or label one to keep its proofs forever."
      className="max-w-xl"
      contentClassName="grid gap-6"
    >
      <TakeSnapshot />
      <LatestSnapshots />
    </FormCard>
  );
}
