import { useState } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { requestErrorMessage } from '#web/lib/form-errors.ts';
import { toast } from '#web/lib/toast.ts';

/**
 * After a change to how the account signs in (two-factor, passkeys): the other sessions may have
 * been someone else's, so ending them is offered at once.
 */
export function SignOutOthersOffer({ onSignOutOthers }: { onSignOutOthers: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  if (done)
    return (
      <Alert tone="info" role="status">
        Signed out everywhere else.
      </Alert>
    );
  return (
    <Alert tone="info" className="grid justify-items-start gap-3">
      <p>If someone else may have signed in to your account, sign out every other session now.</p>
      <Button
        variant="outline"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          try {
            await onSignOutOthers();
            setDone(true);
          } catch (error) {
            toast.error('Error', { description: requestErrorMessage(error) });
          } finally {
            setBusy(false);
          }
        }}
      >
        Sign out everywhere else
      </Button>
    </Alert>
  );
}
