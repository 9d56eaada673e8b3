import type { ReactNode } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from './alert-dialog.tsx';
import { Button } from './button.tsx';
import { DestructiveButton } from './destructive-button.tsx';

export interface ConfirmDialogContentProps {
  title: ReactNode;
  description: ReactNode;
  onConfirm: () => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Confirming closes the dialog at once; otherwise the caller closes it when done. */
  closeOnConfirm: boolean;
  busy?: boolean;
  confirmLabel: string;
  busyLabel: string;
  onCloseAutoFocus?: (event: Event) => void;
  /** Fields between the question and the buttons. */
  fields?: ReactNode;
  /** A harmless action (dismiss) gets a plain button rather than a red one. */
  destructive?: boolean;
}

/** The dialog of `ConfirmDialog`, loaded the first time one opens (confirm-dialog.tsx). */
export default function ConfirmDialogContent({
  title,
  description,
  onConfirm,
  open,
  onOpenChange,
  closeOnConfirm,
  busy,
  confirmLabel,
  busyLabel,
  onCloseAutoFocus,
  fields,
  destructive = true,
}: ConfirmDialogContentProps) {
  const Confirm = destructive ? DestructiveButton : Button;
  const confirm = (
    <Confirm disabled={busy} onClick={onConfirm}>
      {busy ? busyLabel : confirmLabel}
    </Confirm>
  );
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <AlertDialogTitle>{title}</AlertDialogTitle>
        <AlertDialogDescription>{description}</AlertDialogDescription>
        {fields}
        <AlertDialogFooter>
          <AlertDialogCancel asChild>
            <Button variant="outline" disabled={busy}>
              Cancel
            </Button>
          </AlertDialogCancel>
          {closeOnConfirm ? <AlertDialogAction asChild>{confirm}</AlertDialogAction> : confirm}
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
