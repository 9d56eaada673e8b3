import { paths } from '@btcp/shared/paths';
import { signUpMessages } from '@btcp/shared/sign-up';
import { MailCheck } from 'lucide-react';
import { Link } from 'react-router';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { requestErrorMessage } from '#web/lib/form-errors.ts';
import { useResendVerification } from '../api/resend-verification.ts';
import { useProofOfWork } from '../hooks/use-proof-of-work.ts';
import { textLinkClass } from './auth-page.tsx';
import { ProofOfWorkNote } from './proof-of-work-note.tsx';
import { ResendVerificationForm } from './resend-verification-form.tsx';

/** After sign-up (D6): where the link went, how to get another, and where else to look. */
export function CheckInbox({ email }: { email: string | null }) {
  return (
    <div className="grid gap-5 text-center">
      <MailCheck aria-hidden="true" className="mx-auto size-12 text-primary" />
      {email ? (
        <p>
          We sent a verification link to <strong className="font-semibold">{email}</strong>. Open it
          to activate your account; it works for 24 hours.
        </p>
      ) : (
        <p>We sent you a verification link. Open it to activate your account.</p>
      )}
      <p className="text-sm text-muted-foreground">
        Nothing there after a few minutes? Look in your spam or junk folder.
      </p>
      {email ? <ResendTo email={email} /> : <ResendVerificationForm />}
      <Link to={paths.login.getHref()} className={textLinkClass}>
        Go to Sign In
      </Link>
    </div>
  );
}

/** Another link to the address just registered, paid for with a proof of work (decision 031). */
function ResendTo({ email }: { email: string }) {
  const resend = useResendVerification();
  const { status, checking, withProof } = useProofOfWork();
  const busy = resend.isPending || checking;
  const send = () =>
    // A refusal shows below through the mutation's own error state.
    withProof((proof) => resend.mutateAsync({ email, proof })).catch(() => undefined);
  return (
    <div className="grid justify-items-center gap-3">
      {resend.isSuccess ? (
        <p role="status" className="text-sm font-medium">
          {resend.data.message}
        </p>
      ) : null}
      {resend.isError ? (
        <Alert role="alert" className="text-left">
          {requestErrorMessage(resend.error)}
        </Alert>
      ) : null}
      <Button variant="outline" disabled={busy} aria-busy={busy} onClick={send}>
        {checking ? signUpMessages.checking : busy ? 'Sending...' : 'Resend verification email'}
      </Button>
      <ProofOfWorkNote status={status} />
    </div>
  );
}
