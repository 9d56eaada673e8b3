import { MODERATION_REASON_MAX } from '@btcp/shared/moderation-log';
import { type SignalCluster, signalMessages } from '@btcp/shared/signals';
import { useId, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { useReviewSignal } from '../api/review-signal.ts';

const failure = (error: unknown) =>
  error instanceof ApiRequestError ? error.message : 'Something went wrong. Please try again.';

/** "Ban all" asks for a reason in a dialog; "Looks fine" asks to confirm. Both are audited. */
export function SignalReviewButtons({ cluster }: { cluster: SignalCluster }) {
  const { ban } = useReviewSignal();
  const [banning, setBanning] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const id = useId();
  const ref = { kind: cluster.kind, key: cluster.key };
  const count = cluster.accountCount;

  const confirmBan = () => {
    if (!reason.trim()) {
      setReasonError(signalMessages.reasonRequired);
      return;
    }
    ban.mutate(
      { ...ref, reason: reason.trim() },
      {
        onSuccess: (result) => {
          setBanning(false);
          setReason('');
          toast.success(result.message);
        },
        onError: (error) => toast.error(failure(error)),
      },
    );
  };

  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="outline" size="sm" onClick={() => setBanning(true)}>
        Ban all
      </Button>
      <ConfirmDialog
        open={banning}
        onOpenChange={setBanning}
        busy={ban.isPending}
        title={`Ban all ${count} ${count === 1 ? 'account' : 'accounts'}?`}
        description="Each account is banned and signed out everywhere, and its mining stops. Their referrals earn nothing."
        confirmLabel="Ban all"
        busyLabel="Banning..."
        onConfirm={confirmBan}
      >
        <div className="grid gap-2">
          <Label htmlFor={id}>Reason</Label>
          <Textarea
            id={id}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              setReasonError(null);
            }}
            maxLength={MODERATION_REASON_MAX}
            required
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={reasonError ? `${id}-error` : undefined}
            className="min-h-20"
          />
          {reasonError ? (
            <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
              {reasonError}
            </p>
          ) : null}
        </div>
      </ConfirmDialog>
      <LooksFineButton cluster={cluster} />
    </div>
  );
}

/** "Looks fine": hides the cluster until it grows; a held referral is released (decision 033). */
function LooksFineButton({ cluster }: { cluster: SignalCluster }) {
  const { dismiss } = useReviewSignal();
  const ref = { kind: cluster.kind, key: cluster.key };
  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="sm" disabled={dismiss.isPending}>
          Looks fine
        </Button>
      }
      title="Mark this cluster as fine?"
      description={
        cluster.kind === 'held_referral'
          ? 'The referral is released and paid once it qualifies.'
          : 'It is hidden until more accounts join it.'
      }
      confirmLabel="Looks fine"
      onConfirm={() =>
        dismiss.mutate(ref, {
          onSuccess: (result) => toast.success(result.message),
          onError: (error) => toast.error(failure(error)),
        })
      }
    />
  );
}
