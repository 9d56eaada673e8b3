import { type EmailOnlyBody, EmailOnlyBodySchema } from '@btcp/shared/auth';
import { paths } from '@btcp/shared/paths';
import { signUpMessages } from '@btcp/shared/sign-up';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmailField } from '#web/components/forms/email-field.tsx';
import { FormFailure } from '#web/components/forms/form-failure.tsx';
import { Button, buttonVariants } from '#web/components/ui/button.tsx';
import { useSchemaForm } from '#web/hooks/use-schema-form.ts';
import { requestErrorMessage } from '#web/lib/form-errors.ts';
import { toast } from '#web/lib/toast.ts';
import { useForgotPassword } from '../api/forgot-password.ts';
import { useProofOfWork } from '../hooks/use-proof-of-work.ts';
import { AuthPromptLink } from './auth-page.tsx';
import { ProofOfWorkNote } from './proof-of-work-note.tsx';

/** The email form, then the 'Check Your Email' view (the answer is the same for any address, D6). */
export function ForgotPasswordForm() {
  const forgotPassword = useForgotPassword();
  const { status, checking, withProof } = useProofOfWork();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, errors } = useSchemaForm(EmailOnlyBodySchema, { email: '' });

  const onValid = async (values: EmailOnlyBody) => {
    setFormError(null);
    try {
      const { message } = await withProof((proof) =>
        forgotPassword.mutateAsync({ ...values, proof }),
      );
      toast.success('Recovery email sent', { description: message });
      setSentTo(values.email);
    } catch (error) {
      setFormError(requestErrorMessage(error));
    }
  };

  if (sentTo) return <CheckYourEmail email={sentTo} />;

  const busy = forgotPassword.isPending || checking;
  return (
    <form noValidate onSubmit={handleSubmit(onValid)} className="grid gap-5">
      <p className="-mt-2 text-center text-sm text-muted-foreground">
        Enter your email address and we will send you a link to reset your password.
      </p>
      {formError ? <FormFailure title="Error" reason={formError} /> : null}
      <EmailField
        registration={register('email')}
        error={errors.email?.message}
        placeholder="you@example.com"
      />
      <Button type="submit" size="lg" disabled={busy} aria-busy={busy}>
        {checking ? signUpMessages.checking : busy ? 'Sending...' : 'Send Reset Link'}
      </Button>
      <ProofOfWorkNote status={status} />
      <AuthPromptLink
        prompt="Remembered it?"
        to={paths.login.getHref()}
        className="text-center text-sm text-muted-foreground"
      >
        Back to login
      </AuthPromptLink>
    </form>
  );
}

function CheckYourEmail({ email }: { email: string }) {
  return (
    <section
      aria-labelledby="check-email-title"
      className="grid justify-items-center gap-4 text-center"
    >
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-accent text-accent-foreground">
        <MailCheck aria-hidden="true" className="size-7" />
      </span>
      {/* Focus moves here so that keyboard and screen reader users hear the new view. */}
      <h2
        id="check-email-title"
        tabIndex={-1}
        ref={(node) => node?.focus()}
        className="text-xl font-semibold outline-none"
      >
        Check Your Email
      </h2>
      <p className="text-muted-foreground">
        If an account exists for <strong className="text-foreground">{email}</strong>, we have sent
        a link to reset its password. The link works once and expires in 1 hour.
      </p>
      <Link
        to={paths.login.getHref()}
        className={buttonVariants({ size: 'lg', className: 'w-full' })}
      >
        Return to Login
      </Link>
    </section>
  );
}
