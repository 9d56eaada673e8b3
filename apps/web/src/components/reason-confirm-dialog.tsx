import { REPORT_DETAILS_MAX, reportMessages } from '@btcp/shared/reports';
import { useId, useState } from 'react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from './ui/alert-dialog.tsx';
import { Button } from './ui/button.tsx';
import { DestructiveButton } from './ui/destructive-button.tsx';
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
  const Confirm = destructive ? DestructiveButton : Button;
  return (
    <AlertDialog open={open} onOpenChange={change}>
      <AlertDialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <AlertDialogTitle>{title}</AlertDialogTitle>
        <AlertDialogDescription>{description}</AlertDialogDescription>
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
        <AlertDialogFooter>
          <AlertDialogCancel asChild>
            <Button variant="outline" disabled={busy}>
              Cancel
            </Button>
          </AlertDialogCancel>
          <Confirm disabled={busy} onClick={() => onConfirm(reason.trim())}>
            {confirmLabel}
          </Confirm>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
