import { REPORT_DETAILS_MAX, reportMessages } from '@btcp/shared/reports';
import { useId, useState } from 'react';
import ConfirmDialogContent from './ui/confirm-dialog-content.tsx';
import { Label } from './ui/label.tsx';
import { Textarea } from './ui/textarea.tsx';

interface ReasonConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  busy: boolean;
  /** Called with the reason typed, trimmed ('' for none); the caller closes the dialog when done. */
  onConfirm: (reason: string) => void;
  /** A harmless action (dismiss) gets a plain button rather than a red one. */
  destructive?: boolean;
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * "Are you sure?" for a moderation action, with an optional Reason that the author is told and the
 * moderation log keeps. Held open by the caller while the request runs.
 */
export function ReasonConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  busy,
  onConfirm,
  destructive = true,
  onCloseAutoFocus,
}: ReasonConfirmDialogProps) {
  const id = useId();
  const [reason, setReason] = useState('');
  const change = (next: boolean) => {
    if (busy) return;
    if (!next) setReason('');
    onOpenChange(next);
  };
  return (
    <ConfirmDialogContent
      open={open}
      onOpenChange={change}
      title={title}
      description={description}
      onCloseAutoFocus={onCloseAutoFocus}
      destructive={destructive}
      closeOnConfirm={false}
      busy={busy}
      confirmLabel={confirmLabel}
      // The button keeps its words while the request runs: the dialog itself stays up and disabled.
      busyLabel={confirmLabel}
      onConfirm={() => onConfirm(reason.trim())}
      fields={
        <div className="grid gap-2">
          <Label htmlFor={`${id}-reason`}>{reportMessages.reasonField}</Label>
          <Textarea
            id={`${id}-reason`}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            maxLength={REPORT_DETAILS_MAX}
            rows={2}
            className="min-h-16"
            aria-describedby={`${id}-hint`}
            disabled={busy}
          />
          <p id={`${id}-hint`} className="text-sm text-muted-foreground">
            {reportMessages.reasonHint}
          </p>
        </div>
      }
    />
  );
}
