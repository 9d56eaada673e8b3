import { passkeyMessages } from '@btcp/shared/passkey-messages';
import { paths } from '@btcp/shared/paths';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { toast } from '#web/lib/toast.ts';
import { passkeyErrorMessage } from '#web/lib/webauthn.ts';
import { useSignInWithPasskey } from '../api/sign-in-with-passkey.ts';

/**
 * "Sign in with a passkey" under the password form: no email asked, and no second step after it,
 * since a passkey is both factors (decision 028). The WebAuthn code loads on the click.
 */
export function PasskeySignIn() {
  const navigate = useNavigate();
  const signIn = useSignInWithPasskey();
  const [failure, setFailure] = useState<string | null>(null);

  const start = async () => {
    setFailure(null);
    try {
      const session = await signIn.mutateAsync();
      toast.success('Login successful');
      const home = session.admin ? paths.adminDashboard : paths.dashboard;
      navigate(home.getHref(), { replace: true });
    } catch (error) {
      setFailure(passkeyErrorMessage(error));
    }
  };

  const busy = signIn.isPending;
  return (
    <div className="mt-5 grid gap-3 border-t border-border pt-5">
      {failure ? (
        <Alert role="alert">
          <p>{failure}</p>
        </Alert>
      ) : null}
      <Button
        type="button"
        variant="outline"
        size="lg"
        disabled={busy}
        aria-busy={busy}
        onClick={() => void start()}
      >
        <KeyRound aria-hidden="true" className="size-4" />
        {busy ? passkeyMessages.signingIn : passkeyMessages.signIn}
      </Button>
    </div>
  );
}
