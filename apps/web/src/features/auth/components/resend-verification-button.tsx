import { authMessages } from '@btcp/shared/auth';
import { Button } from '#web/components/ui/button.tsx';
import { requestErrorMessage } from '#web/lib/form-errors.ts';
import { toast } from '#web/lib/toast.ts';
import { useResendVerification } from '../api/resend-verification.ts';

/** Sends a fresh verification link to an address that tried to sign in unverified (D6). */
export function ResendVerificationButton({ email }: { email: string }) {
  const resend = useResendVerification();
  const send = () =>
    resend.mutate(
      { email },
      {
        onSuccess: ({ message }) =>
          toast.success(authMessages.verificationSent, { description: message }),
        onError: (error) => toast.error('Error', { description: requestErrorMessage(error) }),
      },
    );
  if (resend.isSuccess) {
    return <p role="status">{resend.data.message}</p>;
  }
  return (
    <Button
      variant="outline"
      size="sm"
      className="justify-self-start"
      disabled={resend.isPending}
      aria-busy={resend.isPending}
      onClick={send}
    >
      {resend.isPending ? 'Sending...' : 'Resend verification email'}
    </Button>
  );
}
