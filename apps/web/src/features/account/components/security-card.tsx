import { type ChangePasswordBody, ChangePasswordBodySchema } from '@btcp/shared/account';
import { accountLifecycleMessages } from '@btcp/shared/account-lifecycle';
import { authMessages, PASSWORD_MIN_LENGTH } from '@btcp/shared/auth';
import { FormCard, SubmitButton } from '#web/components/form-card.tsx';
import { NewPasswordFields } from '#web/components/forms/new-password-fields.tsx';
import { useSchemaForm } from '#web/hooks/use-schema-form.ts';
import { toast } from '#web/lib/toast.ts';
import { useChangePassword } from '../api/change-password.ts';
import { showFailure } from '../lib/show-failure.ts';

const tips = [
  `Use at least ${PASSWORD_MIN_LENGTH} characters; longer is stronger.`,
  'A few unrelated words make a passphrase that is easy to remember and hard to guess.',
  'Do not reuse a password from another site.',
  'A password manager can create and remember strong passwords for you.',
];

export function SecurityCard() {
  const changePassword = useChangePassword();
  const { register, handleSubmit, getValues, setError, reset, errors } = useSchemaForm(
    ChangePasswordBodySchema,
    { currentPassword: '', newPassword: '', confirmPassword: '' },
  );

  // A mismatch is its own message, even while the new password has another problem.
  const onInvalid = () => {
    const { newPassword, confirmPassword } = getValues();
    if (!newPassword || !confirmPassword || newPassword === confirmPassword) return;
    setError('confirmPassword', { message: authMessages.newPasswordsMustMatch });
    toast.error('Error', { description: authMessages.newPasswordsMustMatch });
  };

  const onValid = async (values: ChangePasswordBody) => {
    try {
      await changePassword.mutateAsync(values);
      reset();
      toast.success('Password updated', {
        description: accountLifecycleMessages.passwordChangedOthersSignedOut,
      });
    } catch (error) {
      showFailure(error, setError, ['currentPassword', 'newPassword', 'confirmPassword']);
    }
  };

  const busy = changePassword.isPending;
  return (
    <FormCard
      title="Security"
      description="Change your password. Your other devices are signed out when you do."
      contentClassName="grid gap-6"
    >
      <form noValidate onSubmit={handleSubmit(onValid, onInvalid)} className="grid gap-5">
        <NewPasswordFields
          register={register}
          errors={errors}
          current={{ name: 'currentPassword', label: 'Current password' }}
          names={['newPassword', 'confirmPassword']}
          labels={['New password', 'Confirm password']}
        />
        <SubmitButton busy={busy} busyLabel="Updating...">
          Update Password
        </SubmitButton>
      </form>
      <section aria-labelledby="password-tips" className="rounded-lg bg-muted p-4 text-sm">
        <h3 id="password-tips" className="font-semibold">
          Password tips
        </h3>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-muted-foreground">
          {tips.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
      </section>
    </FormCard>
  );
}
