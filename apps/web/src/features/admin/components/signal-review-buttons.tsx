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
import { firstChoice, SignalBanChoice } from './signal-ban-choice.tsx';

const failure = (error: unknown) =>
  error instanceof ApiRequestError ? error.message : 'Something went wrong. Please try again.';

/**
 * "Ban accounts" asks which of the listed accounts to ban (a referral tree's referrer starts left
 * out) and why, in a dialog; "Looks fine" asks to confirm. Both are audited.
 */
export function SignalReviewButtons({ cluster }: { cluster: SignalCluster }) {
  const { ban } = useReviewSignal();
  const [banning, setBanning] = useState(false);
  const [chosen, setChosen] = useState<Set<string>>(() => firstChoice(cluster));
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [choiceError, setChoiceError] = useState<string | null>(null);
  const ref = { kind: cluster.kind, key: cluster.key };

  const open = (next: boolean) => {
    if (next) setChosen(firstChoice(cluster));
    setChoiceError(null);
    setBanning(next);
  };

  const confirmBan = () => {
    if (chosen.size === 0) {
      setChoiceError(signalMessages.noneChosen);
      return;
    }
    if (!reason.trim()) {
      setReasonError(signalMessages.reasonRequired);
      return;
    }
    ban.mutate(
      { ...ref, reason: reason.trim(), accountIds: [...chosen] },
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
      <Button variant="outline" size="sm" onClick={() => open(true)}>
        Ban accounts
      </Button>
      <ConfirmDialog
        open={banning}
        onOpenChange={open}
        busy={ban.isPending}
        title="Ban accounts of this cluster?"
        description="Each account ticked is banned and signed out everywhere, and its mining stops. Their referrals earn nothing. Untick any to leave it out."
        confirmLabel={signalMessages.banCount(chosen.size)}
        busyLabel="Banning..."
        onConfirm={confirmBan}
      >
        <SignalBanChoice
          cluster={cluster}
          chosen={chosen}
          error={choiceError}
          onChange={(next) => {
            setChosen(next);
            setChoiceError(null);
          }}
        />
        <ReasonField
          value={reason}
          error={reasonError}
          onChange={(value) => {
            setReason(value);
            setReasonError(null);
          }}
        />
      </ConfirmDialog>
      <LooksFineButton cluster={cluster} />
    </div>
  );
}

/** The ban's reason, required: it goes to each ban's log entry. */
function ReasonField({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | null;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Reason</Label>
      <Textarea
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        maxLength={MODERATION_REASON_MAX}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="min-h-20"
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
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
