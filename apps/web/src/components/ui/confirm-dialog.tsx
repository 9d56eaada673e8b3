import type { ReactNode } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from './alert-dialog.tsx';
import { Button } from './button.tsx';
import { DestructiveButton } from './destructive-button.tsx';

interface ConfirmDialogProps {
  title: ReactNode;
  description: ReactNode;
  onConfirm: () => void;
  /** Opens the dialog; without one, the caller opens it through `open`. */
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** While busy both buttons are disabled and a held-open dialog ignores Escape and Cancel. */
  busy?: boolean;
  confirmLabel?: string;
  busyLabel?: string;
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * "Are you sure?" with Cancel and a destructive confirm. Left to itself (no `open`), confirming closes
 * it at once; when the caller holds `open`, it stays open until the caller closes it, so it can show
 * the request as busy.
 */
export function ConfirmDialog({
  title,
  description,
  onConfirm,
  trigger,
  open,
  onOpenChange,
  busy,
  confirmLabel = 'Delete',
  busyLabel = confirmLabel,
  onCloseAutoFocus,
}: ConfirmDialogProps) {
  const confirm = (
    <DestructiveButton disabled={busy} onClick={onConfirm}>
      {busy ? busyLabel : confirmLabel}
    </DestructiveButton>
  );
  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (!busy) onOpenChange?.(next);
      }}
    >
      {trigger ? <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger> : null}
      <AlertDialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <AlertDialogTitle>{title}</AlertDialogTitle>
        <AlertDialogDescription>{description}</AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel asChild>
            <Button variant="outline" disabled={busy}>
              Cancel
            </Button>
          </AlertDialogCancel>
          {open === undefined ? <AlertDialogAction asChild>{confirm}</AlertDialogAction> : confirm}
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
