import { authMessages, type RegisterBody, RegisterBodySchema } from '@btcp/shared/auth';
import { memberNameMessages } from '@btcp/shared/member-names';
import { paths } from '@btcp/shared/paths';
import { signUpMessages } from '@btcp/shared/sign-up';
import { useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { CheckboxField } from '#web/components/forms/checkbox-field.tsx';
import { EmailField } from '#web/components/forms/email-field.tsx';
import { FormFailure } from '#web/components/forms/form-failure.tsx';
import { NewPasswordFields } from '#web/components/forms/new-password-fields.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { useSchemaForm } from '#web/hooks/use-schema-form.ts';
import { applyFieldErrors, requestErrorMessage } from '#web/lib/form-errors.ts';
import { toast } from '#web/lib/toast.ts';
import { useRegister } from '../api/register.ts';
import { useProofOfWork } from '../hooks/use-proof-of-work.ts';
import { rememberPendingVerification } from '../lib/pending-verification.ts';
import { textLinkClass } from './auth-page.tsx';
import { ProofOfWorkNote } from './proof-of-work-note.tsx';

const signUpUsernameHint = `Shown on your posts and comments. ${memberNameMessages.usernameHint} You can choose one later.`;

const serverFields = ['email', 'username', 'password', 'confirmPassword', 'referralCode'] as const;

export function RegisterForm({ referralCode }: { referralCode: string }) {
  const navigate = useNavigate();
  const registration = useRegister();
  const { status, checking, withProof } = useProofOfWork();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, control, handleSubmit, getValues, setError, errors } = useSchemaForm(
    RegisterBodySchema,
    { email: '', username: '', password: '', confirmPassword: '', referralCode },
  );

  // Each refusal is said once, beside its field, in the spec's 'Title: text': a toast would only
  // repeat it, and on a phone it lay over the very checkbox it spoke of.
  const onInvalid = () => {
    const { password, confirmPassword, acceptTerms } = getValues();
    if (password && confirmPassword && password !== confirmPassword) {
      setError('confirmPassword', {
        message: `${authMessages.passwordsDontMatch}: ${authMessages.passwordsDontMatchDescription}`,
      });
    }
    if (!acceptTerms) {
      setError('acceptTerms', {
        message: `${authMessages.termsRequired}: ${authMessages.termsRequiredDescription}`,
      });
    }
  };

  const onValid = async (values: RegisterBody) => {
    setFormError(null);
    try {
      await withProof((proof) => registration.mutateAsync({ ...values, proof }));
      toast.success(authMessages.registrationSuccess, {
        description: authMessages.registrationSuccessDescription,
      });
      rememberPendingVerification(values.email);
      navigate(paths.checkInbox.getHref(), { state: { email: values.email } });
    } catch (error) {
      // Said once, on the page and not in a toast: the field that was refused says why (and has
      // focus), so the form's alert then only names what failed.
      const onAField = applyFieldErrors(error, setError, serverFields);
      setFormError(onAField ? '' : requestErrorMessage(error));
    }
  };

  const busy = registration.isPending || checking;

  return (
    <form noValidate onSubmit={handleSubmit(onValid, onInvalid)} className="grid gap-5">
      {formError === null ? null : (
        <FormFailure title={authMessages.registrationFailed} reason={formError} />
      )}
      <EmailField
        registration={register('email')}
        error={errors.email?.message}
        placeholder="you@example.com"
      />
      <UsernameField registration={register('username')} error={errors.username?.message} />
      <NewPasswordFields
        register={register}
        errors={errors}
        names={['password', 'confirmPassword']}
        labels={['Password', 'Confirm password']}
      />
      <ReferralCodeField
        registration={register('referralCode')}
        error={errors.referralCode?.message}
      />
      <CheckboxField control={control} name="acceptTerms" label={<TermsLabel />} />
      <Button type="submit" size="lg" disabled={busy} aria-busy={busy}>
        {checking ? signUpMessages.checking : busy ? 'Creating account...' : 'Register'}
      </Button>
      <ProofOfWorkNote status={status} />
    </form>
  );
}

/** Decision 055: optional here; a member without one is asked before their first post. */
function UsernameField({
  registration,
  error,
}: {
  registration: UseFormRegisterReturn;
  error?: string;
}) {
  return (
    <FormField label="Username (optional)" error={error} hint={signUpUsernameHint}>
      {(control) => (
        <Input
          {...control}
          {...registration}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={30}
        />
      )}
    </FormField>
  );
}

function ReferralCodeField({
  registration,
  error,
}: {
  registration: UseFormRegisterReturn;
  error?: string;
}) {
  return (
    <FormField
      label="Referral code (optional)"
      error={error}
      hint="Were you invited? Enter your friend's code."
    >
      {(control) => (
        <Input
          {...control}
          {...registration}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
        />
      )}
    </FormField>
  );
}

/**
 * D20: the form links /terms and /privacy, which lead to the combined terms page. They open in a new
 * tab, so reading them never costs what was typed here.
 */
function TermsLabel() {
  return (
    <span>
      I agree to the{' '}
      <a
        href={paths.terms.getHref()}
        target="_blank"
        rel="noopener noreferrer"
        className={textLinkClass}
      >
        Terms of Service<span className="sr-only"> (opens in a new tab)</span>
      </a>{' '}
      and{' '}
      <a
        href={paths.privacy.getHref()}
        target="_blank"
        rel="noopener noreferrer"
        className={textLinkClass}
      >
        Privacy Policy<span className="sr-only"> (opens in a new tab)</span>
      </a>
    </span>
  );
}
