import { type ResetPasswordBody, ResetPasswordBodySchema } from '@btcp/shared/auth';
import { paths } from '@btcp/shared/paths';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { NewPasswordFields } from '#web/components/forms/new-password-fields.tsx';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { applyFieldErrors, requestErrorMessage } from '#web/lib/form-errors.ts';
import { toast } from '#web/lib/toast.ts';
import { useResetPassword } from '../api/reset-password.ts';

export function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const resetPassword = useResetPassword();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(ResetPasswordBodySchema),
    // The token rides along unregistered: RHF submits default values it has no field for.
    defaultValues: { token, password: '', confirmPassword: '' },
  });

  const onValid = async (values: ResetPasswordBody) => {
    setFormError(null);
    try {
      await resetPassword.mutateAsync(values);
      toast.success('Password reset successful');
      navigate(paths.login.getHref(), { replace: true });
    } catch (error) {
      const message = requestErrorMessage(error);
      if (!applyFieldErrors(error, setError, ['password', 'confirmPassword']))
        setFormError(message);
      toast.error('Password reset failed', { description: message });
    }
  };

  const busy = resetPassword.isPending;
  return (
    <form noValidate onSubmit={handleSubmit(onValid)} className="grid gap-5">
      {formError ? <Alert role="alert">{formError}</Alert> : null}
      <NewPasswordFields
        register={register}
        errors={errors}
        names={['password', 'confirmPassword']}
        labels={['New password', 'Confirm new password']}
      />
      <Button type="submit" size="lg" disabled={busy} aria-busy={busy}>
        {busy ? 'Resetting...' : 'Reset Password'}
      </Button>
    </form>
  );
}
