import { authMessages } from '@btcp/shared/auth';
import { signUpMessages } from '@btcp/shared/sign-up';
import { Button } from '#web/components/ui/button.tsx';
import { requestErrorMessage } from '#web/lib/form-errors.ts';
import { toast } from '#web/lib/toast.ts';
import { useResendVerification } from '../api/resend-verification.ts';
import { useProofOfWork } from '../hooks/use-proof-of-work.ts';
import { ProofOfWorkNote } from './proof-of-work-note.tsx';

/** Sends a fresh verification link to an address that tried to sign in unverified (D6). */
export function ResendVerificationButton({ email }: { email: string }) {
  const resend = useResendVerification();
  const { status, checking, withProof } = useProofOfWork();
  const send = () =>
    withProof((proof) => resend.mutateAsync({ email, proof })).then(
      ({ message }) => toast.success(authMessages.verificationSent, { description: message }),
      (error: unknown) => toast.error('Error', { description: requestErrorMessage(error) }),
    );
  const busy = resend.isPending || checking;
  if (resend.isSuccess) {
    return <p role="status">{resend.data.message}</p>;
  }
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        className="justify-self-start"
        disabled={busy}
        aria-busy={busy}
        onClick={send}
      >
        {checking ? signUpMessages.checking : busy ? 'Sending...' : 'Resend verification email'}
      </Button>
      <ProofOfWorkNote status={status} />
    </>
  );
}
