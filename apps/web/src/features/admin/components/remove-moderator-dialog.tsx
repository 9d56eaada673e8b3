import type { AdminUser } from '@btcp/shared/admin';
import { Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { ReasonField } from '#web/components/moderation-reason-field.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';

interface RemoveModeratorDialogProps {
  user: AdminUser;
  disabled: boolean;
  /** With the reason given in the dialog ('' for none). */
  onConfirm: (reason: string) => void;
  /** Where focus goes after confirming, since the Delete button is then disabled. */
  focusAfterConfirm: () => void;
}

/** User flags: the list's Delete only takes the moderator flag away; the profile stays. */
export function RemoveModeratorDialog({
  user,
  disabled,
  onConfirm,
  focusAfterConfirm,
}: RemoveModeratorDialogProps) {
  const confirmed = useRef(false);
  const [reason, setReason] = useState('');
  return (
    <ConfirmDialog
      onOpenChange={(open) => {
        if (open) setReason('');
      }}
      title="Remove moderator rights?"
      description={
        <>
          {user.email} will no longer be able to moderate the blog and the community. Their profile,
          wallet and posts are kept.
        </>
      }
      onConfirm={() => {
        confirmed.current = true;
        onConfirm(reason);
      }}
      onCloseAutoFocus={(event) => {
        if (!confirmed.current) return;
        confirmed.current = false;
        event.preventDefault();
        focusAfterConfirm();
      }}
      trigger={
        <Button
          variant="outline"
          size="sm"
          disabled={disabled || !user.isModerator}
          title={user.isModerator ? undefined : 'Not a moderator'}
        >
          <Trash2 aria-hidden="true" className="size-4 text-destructive" />
          Delete<span className="sr-only"> moderator rights of {user.email}</span>
        </Button>
      }
    >
      <ReasonField value={reason} onChange={setReason} />
    </ConfirmDialog>
  );
}
