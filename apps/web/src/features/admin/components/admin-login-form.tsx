import { AdminLoginBodySchema, adminMessages } from '@btcp/shared/admin';
import { paths } from '@btcp/shared/paths';
import { Link, useNavigate } from 'react-router';
import { EmailField } from '#web/components/forms/email-field.tsx';
import { PasswordField } from '#web/components/forms/password-field.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { type SecondStep, usePasswordThenCode } from '#web/hooks/use-password-then-code.ts';
import { useSchemaForm } from '#web/hooks/use-schema-form.ts';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import {
  type AdminLoginResult,
  useAdminLogin,
  useAdminLoginWithSecondFactor,
} from '../api/admin-login.ts';
import { useAdminBootstrap } from '../api/get-admin-bootstrap.ts';

function loginFailureMessage(error: Error): string {
  if (error instanceof ApiRequestError) {
    if (error.status === 401) return adminMessages.invalidEmailOrPassword;
    // D5: the server words it 'Too many attempts. Please try again in N seconds.' from Retry-After.
    if (error.status === 429) return error.message;
  }
  return adminMessages.unexpected;
}

/**
 * Signed in: welcomed to the dashboard and sent there, or (decision 027) told to set two-factor up
 * first and sent to do so, not welcomed to a dashboard they cannot open yet.
 */
function useSignedIn() {
  const navigate = useNavigate();
  return (result: AdminLoginResult) => {
    const mustEnrol = result.twoFactorEnrolmentRequired === true;
    toast.success(adminMessages.loginSuccess, {
      description: mustEnrol
        ? adminMessages.loginEnrolFirstDescription
        : adminMessages.loginSuccessDescription,
    });
    const next = mustEnrol ? paths.adminTwoFactorSetup : paths.adminDashboard;
    navigate(next.getHref(), { replace: true });
  };
}

export function AdminLoginForm({ secondStep }: { secondStep?: SecondStep }) {
  const signedIn = useSignedIn();
  const login = useAdminLogin();
  const loginWithSecondFactor = useAdminLoginWithSecondFactor();
  const bootstrap = useAdminBootstrap();
  const { register, handleSubmit, resetField, errors } = useSchemaForm(AdminLoginBodySchema, {
    email: '',
    password: '',
  });
  const { passwordAccepted, codeStep } = usePasswordThenCode({
    secondStep,
    verify: loginWithSecondFactor.mutateAsync,
    signedIn,
    onBack: () => resetField('password'),
  });

  const onSubmit = handleSubmit((values) =>
    login.mutate(values, {
      onSuccess: passwordAccepted,
      onError: (error) => toast.error(loginFailureMessage(error)),
    }),
  );

  if (codeStep !== undefined) return codeStep;

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      <EmailField
        autoComplete="username"
        registration={register('email')}
        error={errors.email?.message}
      />
      <PasswordField
        label="Password"
        autoComplete="current-password"
        registration={register('password')}
        error={errors.password?.message}
      />
      <Button type="submit" disabled={login.isPending} className="w-full">
        {login.isPending ? 'Logging in...' : 'Login'}
      </Button>
      <div className="grid gap-2 text-center text-sm text-muted-foreground">
        {bootstrap.data?.adminExists === false && (
          <p>
            No admin account yet?{' '}
            <Link
              to={paths.createAdmin.getHref()}
              className="font-medium text-primary hover:underline"
            >
              Create Admin
            </Link>
          </p>
        )}
        <p>
          <Link to={paths.home.getHref()} className="font-medium text-primary hover:underline">
            Back to the site
          </Link>
        </p>
      </div>
    </form>
  );
}
