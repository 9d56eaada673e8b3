import { type LoginBody, LoginBodySchema } from '@btcp/shared/auth';
import { ErrorCode } from '@btcp/shared/error-codes';
import { paths } from '@btcp/shared/paths';
import type { LoginResult } from '@btcp/shared/two-factor';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { CheckboxField } from '#web/components/forms/checkbox-field.tsx';
import { EmailField } from '#web/components/forms/email-field.tsx';
import { FormFailure } from '#web/components/forms/form-failure.tsx';
import { PasswordField } from '#web/components/forms/password-field.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { type SecondStep, usePasswordThenCode } from '#web/hooks/use-password-then-code.ts';
import { useSchemaForm } from '#web/hooks/use-schema-form.ts';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { requestErrorMessage } from '#web/lib/form-errors.ts';
import { toast } from '#web/lib/toast.ts';
import { useLogin, useLoginWithSecondFactor } from '../api/login.ts';
import { textLinkClass } from './auth-page.tsx';
import { ResendVerificationButton } from './resend-verification-button.tsx';

type LoginFailure =
  | { kind: 'unverified'; email: string; message: string }
  | { kind: 'other'; message: string };

function loginFailure(error: unknown, email: string): LoginFailure {
  const message = requestErrorMessage(error);
  // D6: an unverified address cannot sign in; the fix is one click away.
  const unverified = error instanceof ApiRequestError && error.code === ErrorCode.emailNotVerified;
  return unverified ? { kind: 'unverified', email, message } : { kind: 'other', message };
}

/** Signed in: welcomed, and off to the dashboard (the admin's, for an admin session too). */
function useSignedIn() {
  const navigate = useNavigate();
  return (session: LoginResult) => {
    toast.success('Login successful');
    const home = session.admin ? paths.adminDashboard : paths.dashboard;
    navigate(home.getHref(), { replace: true });
  };
}

export function LoginForm({ secondStep }: { secondStep?: SecondStep }) {
  const signedIn = useSignedIn();
  const login = useLogin();
  const loginWithSecondFactor = useLoginWithSecondFactor();
  const [failure, setFailure] = useState<LoginFailure | null>(null);
  const { register, control, handleSubmit, resetField, errors } = useSchemaForm(LoginBodySchema, {
    email: '',
    password: '',
    remember: false,
  });
  const { passwordAccepted, codeStep } = usePasswordThenCode({
    secondStep,
    verify: loginWithSecondFactor.mutateAsync,
    signedIn,
    onBack: () => resetField('password'),
  });

  const onValid = async (values: LoginBody) => {
    setFailure(null);
    try {
      passwordAccepted(await login.mutateAsync(values));
    } catch (error) {
      const found = loginFailure(error, values.email);
      setFailure(found);
    }
  };

  const busy = login.isPending;

  if (codeStep !== undefined) return codeStep;

  return (
    <form noValidate onSubmit={handleSubmit(onValid)} className="grid gap-5">
      {failure ? (
        <FormFailure title="Login failed" reason={failure.message}>
          {failure.kind === 'unverified' ? (
            <ResendVerificationButton email={failure.email} />
          ) : null}
        </FormFailure>
      ) : null}
      <EmailField
        registration={register('email')}
        error={errors.email?.message}
        placeholder="you@example.com"
      />
      <div className="grid gap-2">
        <PasswordField
          label="Password"
          autoComplete="current-password"
          registration={register('password')}
          error={errors.password?.message}
        />
        <Link
          to={paths.forgotPassword.getHref()}
          className={`${textLinkClass} justify-self-end text-sm`}
        >
          Forgot password?
        </Link>
      </div>
      <CheckboxField control={control} name="remember" label="Remember me for 30 days" />
      <Button type="submit" size="lg" disabled={busy} aria-busy={busy}>
        {busy ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  );
}
