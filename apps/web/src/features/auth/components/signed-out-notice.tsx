import { sessionEndedMessages } from '@btcp/shared/session';
import { LogOut } from 'lucide-react';
import { useLocation } from 'react-router';
import { Alert } from '#web/components/ui/alert.tsx';
import { useSession } from '#web/lib/session.ts';
import { wasSignedOutElsewhere } from '../lib/signed-out-reason.ts';

/** Above the sign-in form: why this browser is signed out, when the server said it was ended elsewhere. */
export function SignedOutNotice() {
  const { state } = useLocation();
  const { data: session } = useSession();
  if (!wasSignedOutElsewhere(state, session)) return null;
  return (
    <Alert role="status" tone="info" className="mb-5 flex gap-3">
      <LogOut aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="grid gap-1">
        <p className="font-medium">{sessionEndedMessages.endedElsewhere}</p>
        <p className="text-muted-foreground">{sessionEndedMessages.endedElsewhereDescription}</p>
      </div>
    </Alert>
  );
}
