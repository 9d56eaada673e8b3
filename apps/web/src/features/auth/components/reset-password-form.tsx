import { type ResetPasswordBody, ResetPasswordBodySchema } from '@btcp/shared/auth';
import { paths } from '@btcp/shared/paths';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { NewPasswordFields } from '#web/components/forms/new-password-fields.tsx';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { useSchemaForm } from '#web/hooks/use-schema-form.ts';
import { applyFieldErrors, requestErrorMessage } from '#web/lib/form-errors.ts';
import { toast } from '#web/lib/toast.ts';
import { useResetPassword } from '../api/reset-password.ts';

export function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const resetPassword = useResetPassword();
  const [formError, setFormError] = useState<string | null>(null);
  // The token rides along unregistered: RHF submits default values it has no field for.
  const { register, handleSubmit, setError, errors } = useSchemaForm(ResetPasswordBodySchema, {
    token,
    password: '',
    confirmPassword: '',
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
