import {
  type AdminChangePasswordBody,
  AdminChangePasswordBodySchema,
  adminMessages,
} from '@btcp/shared/admin';
import { FormCard } from '#web/components/form-card.tsx';
import { NewPasswordFields } from '#web/components/forms/new-password-fields.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { useSchemaForm } from '#web/hooks/use-schema-form.ts';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { applyFieldErrors } from '#web/lib/form-errors.ts';
import { toast } from '#web/lib/toast.ts';
import { useChangeAdminPassword } from '../api/change-admin-password.ts';

const emptyForm: AdminChangePasswordBody = {
  currentPassword: '',
  newPassword: '',
  confirmPassword: '',
};
const fieldNames = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

// The shared schema gives no words for an empty current password; zod's default ones are not for people.
const currentPasswordWords = {
  error: (issue: { path?: PropertyKey[] }) =>
    issue.path?.[0] === 'currentPassword' ? 'Current password is required' : undefined,
};

export function ChangePasswordForm() {
  const change = useChangeAdminPassword();
  const { register, handleSubmit, reset, setError, errors } = useSchemaForm(
    AdminChangePasswordBodySchema,
    emptyForm,
    currentPasswordWords,
  );

  const onSubmit = handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: () => {
        toast.success(adminMessages.passwordUpdated);
        reset(emptyForm);
      },
      onError: (error) => {
        if (!(error instanceof ApiRequestError)) {
          toast.error('Failed to update password', { description: adminMessages.unexpected });
          return;
        }
        applyFieldErrors(error, setError, fieldNames);
        // A field error ('Current password is incorrect') says more than the summary above it.
        const reason = fieldNames.map((name) => error.fields[name]).find(Boolean) ?? error.message;
        toast.error('Failed to update password', { description: reason });
      },
    }),
  );

  return (
    <FormCard
      title="Change Password"
      description="At least 8 characters. Your other admin sessions are signed out when it changes."
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-5">
        <NewPasswordFields
          register={register}
          errors={errors}
          current={{ name: 'currentPassword', label: 'Current Password' }}
          names={['newPassword', 'confirmPassword']}
          labels={['New Password', 'Confirm New Password']}
        />
        <div>
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? 'Updating...' : 'Update Password'}
          </Button>
        </div>
      </form>
    </FormCard>
  );
}
