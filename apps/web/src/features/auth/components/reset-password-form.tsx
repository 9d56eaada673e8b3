import { type ResetPasswordBody, ResetPasswordBodySchema } from '@btcp/shared/auth';
import { paths } from '@btcp/shared/paths';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { FormFailure } from '#web/components/forms/form-failure.tsx';
import { NewPasswordFields } from '#web/components/forms/new-password-fields.tsx';
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
      // Said once, on the page: a refused field says why beside itself.
      const onAField = applyFieldErrors(error, setError, ['password', 'confirmPassword']);
      setFormError(onAField ? '' : requestErrorMessage(error));
    }
  };

  const busy = resetPassword.isPending;
  return (
    <form noValidate onSubmit={handleSubmit(onValid)} className="grid gap-5">
      {formError === null ? null : <FormFailure title="Password reset failed" reason={formError} />}
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
