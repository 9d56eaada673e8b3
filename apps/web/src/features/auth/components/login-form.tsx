import { type LoginBody, LoginBodySchema } from '@btcp/shared/auth';
import { ErrorCode } from '@btcp/shared/error-codes';
import { paths } from '@btcp/shared/paths';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { CheckboxField } from '#web/components/forms/checkbox-field.tsx';
import { EmailField } from '#web/components/forms/email-field.tsx';
import { PasswordField } from '#web/components/forms/password-field.tsx';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { requestErrorMessage } from '#web/lib/form-errors.ts';
import { toast } from '#web/lib/toast.ts';
import { useLogin } from '../api/login.ts';
import { textLinkClass } from './auth-page.tsx';
import { ResendVerificationButton } from './resend-verification-button.tsx';

type LoginFailure =
  | { kind: 'unverified'; email: string; message: string }
  | { kind: 'other'; message: string };

export function LoginForm() {
  const navigate = useNavigate();
  const login = useLogin();
  const [failure, setFailure] = useState<LoginFailure | null>(null);
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(LoginBodySchema),
    defaultValues: { email: '', password: '', remember: false },
  });

  const onValid = async (values: LoginBody) => {
    setFailure(null);
    try {
      const session = await login.mutateAsync(values);
      toast.success('Login successful');
      const home = session.admin ? paths.adminDashboard : paths.dashboard;
      navigate(home.getHref(), { replace: true });
    } catch (error) {
      const message = requestErrorMessage(error);
      // D6: an unverified address cannot sign in; the fix is one click away.
      const unverified =
        error instanceof ApiRequestError && error.code === ErrorCode.emailNotVerified;
      setFailure(
        unverified
          ? { kind: 'unverified', email: values.email, message }
          : { kind: 'other', message },
      );
      toast.error('Login failed', { description: message });
    }
  };

  const busy = login.isPending;

  return (
    <form noValidate onSubmit={handleSubmit(onValid)} className="grid gap-5">
      {failure ? (
        <Alert role="alert" className="grid gap-3">
          <p>{failure.message}</p>
          {failure.kind === 'unverified' ? (
            <ResendVerificationButton email={failure.email} />
          ) : null}
        </Alert>
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
