import { type AdminLoginBody, AdminLoginBodySchema, adminMessages } from '@btcp/shared/admin';
import { paths } from '@btcp/shared/paths';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { EmailField } from '#web/components/forms/email-field.tsx';
import { PasswordField } from '#web/components/forms/password-field.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { useAdminLogin } from '../api/admin-login.ts';
import { useAdminBootstrap } from '../api/get-admin-bootstrap.ts';

function loginFailureMessage(error: Error): string {
  if (error instanceof ApiRequestError) {
    if (error.status === 401) return adminMessages.invalidEmailOrPassword;
    // D5: the server words it 'Too many attempts. Please try again in N seconds.' from Retry-After.
    if (error.status === 429) return error.message;
  }
  return adminMessages.unexpected;
}

export function AdminLoginForm() {
  const navigate = useNavigate();
  const login = useAdminLogin();
  const bootstrap = useAdminBootstrap();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<AdminLoginBody>({
    resolver: zodResolver(AdminLoginBodySchema),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit((values) =>
    login.mutate(values, {
      onSuccess: () => {
        toast.success(adminMessages.loginSuccess, {
          description: adminMessages.loginSuccessDescription,
        });
        navigate(paths.adminDashboard.getHref(), { replace: true });
      },
      onError: (error) => toast.error(loginFailureMessage(error)),
    }),
  );

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
