import type { AdminUser } from '@btcp/shared/admin';
import { ShieldMinus, ShieldPlus } from 'lucide-react';
import { useRef, useState } from 'react';
import { ReasonField } from '#web/components/moderation-reason-field.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';

interface ModeratorButtonProps {
  user: AdminUser;
  /** While a change of this user is saving: the button stays focusable but does nothing. */
  busy: boolean;
  /** With the reason given when removing ('' for none, and always when making one). */
  onChange: (isModerator: boolean, reason: string) => void;
}

/**
 * The row's moderator action, named for what it does: "Make moderator" saves at once, "Remove
 * moderator" asks first (with an optional reason for the moderation log). The profile is never
 * deleted. One button for both, so focus stays on it when its action flips.
 */
export function ModeratorButton({ user, busy, onChange }: ModeratorButtonProps) {
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState('');
  const button = useRef<HTMLButtonElement>(null);
  const Icon = user.isModerator ? ShieldMinus : ShieldPlus;
  const label = user.isModerator ? 'Remove moderator' : 'Make moderator';
  return (
    <>
      <Button
        ref={button}
        // The visible words first, then whose row: every row has one of these buttons.
        aria-label={`${label}: ${user.email}`}
        variant="outline"
        size="sm"
        aria-disabled={busy || undefined}
        className="aria-disabled:cursor-progress aria-disabled:opacity-50"
        onClick={() => {
          if (busy) return;
          if (!user.isModerator) return onChange(true, '');
          setReason('');
          setConfirming(true);
        }}
      >
        <Icon aria-hidden="true" className="size-4" />
        {label}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Remove moderator rights?"
        description={
          <>
            {user.email} will no longer be able to moderate the blog and the community. Their
            profile, wallet and posts are kept.
          </>
        }
        confirmLabel="Remove moderator"
        // The dialog has no trigger of its own: focus goes back to the button, now "Make moderator".
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          button.current?.focus();
        }}
        onConfirm={() => {
          setConfirming(false);
          onChange(false, reason);
        }}
      >
        <ReasonField value={reason} onChange={setReason} />
      </ConfirmDialog>
    </>
  );
}
