import { authMessages, type EmailOnlyBody, EmailOnlyBodySchema } from '@btcp/shared/auth';
import { signUpMessages } from '@btcp/shared/sign-up';
import { EmailField } from '#web/components/forms/email-field.tsx';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { useSchemaForm } from '#web/hooks/use-schema-form.ts';
import { requestErrorMessage } from '#web/lib/form-errors.ts';
import { toast } from '#web/lib/toast.ts';
import { useResendVerification } from '../api/resend-verification.ts';
import { useProofOfWork } from '../hooks/use-proof-of-work.ts';
import { ProofOfWorkNote } from './proof-of-work-note.tsx';

/** Asks for a new verification link; the server answers the same for any address (D6). */
export function ResendVerificationForm() {
  const resend = useResendVerification();
  const { status, checking, withProof } = useProofOfWork();
  const { register, handleSubmit, errors } = useSchemaForm(EmailOnlyBodySchema, { email: '' });

  const onValid = (values: EmailOnlyBody) =>
    withProof((proof) => resend.mutateAsync({ ...values, proof })).then(
      ({ message }) => toast.success(authMessages.verificationSent, { description: message }),
      (error: unknown) => toast.error('Error', { description: requestErrorMessage(error) }),
    );

  if (resend.isSuccess) {
    return (
      <Alert role="status" tone="info">
        {resend.data.message}
      </Alert>
    );
  }
  const busy = resend.isPending || checking;
  return (
    <form noValidate onSubmit={handleSubmit(onValid)} className="grid gap-4 text-left">
      {resend.isError ? <Alert role="alert">{requestErrorMessage(resend.error)}</Alert> : null}
      <EmailField
        registration={register('email')}
        error={errors.email?.message}
        placeholder="you@example.com"
      />
      <Button type="submit" disabled={busy} aria-busy={busy}>
        {checking ? signUpMessages.checking : busy ? 'Sending...' : 'Resend verification email'}
      </Button>
      <ProofOfWorkNote status={status} />
    </form>
  );
}
