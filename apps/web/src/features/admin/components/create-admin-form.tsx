import { adminMessages, type CreateAdminBody, CreateAdminBodySchema } from '@btcp/shared/admin';
import { authMessages } from '@btcp/shared/auth';
import type { FieldErrors } from 'react-hook-form';
import { EmailField } from '#web/components/forms/email-field.tsx';
import { NewPasswordFields } from '#web/components/forms/new-password-fields.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { useSchemaForm } from '#web/hooks/use-schema-form.ts';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { applyFieldErrors } from '#web/lib/form-errors.ts';
import { toast } from '#web/lib/toast.ts';
import { type CreateAdminResult, useCreateAdmin } from '../api/create-admin.ts';

const emptyForm: CreateAdminBody = { email: '', password: '', confirmPassword: '' };

/**
 * Creates an admin and hands the answer on: the first-run page signs its maker in (decision 057),
 * the dialog in Settings closes. The success toast is the server's own message.
 */
export function CreateAdminForm({ onCreated }: { onCreated: (result: CreateAdminResult) => void }) {
  const create = useCreateAdmin();
  const { register, handleSubmit, setError, errors } = useSchemaForm(
    CreateAdminBodySchema,
    emptyForm,
  );

  const onValid = (values: CreateAdminBody) =>
    create.mutate(values, {
      onSuccess: (result) => {
        toast.success(result.message);
        onCreated(result);
      },
      onError: (error) => {
        if (!(error instanceof ApiRequestError)) {
          toast.error(adminMessages.unexpected);
          return;
        }
        applyFieldErrors(error, setError, ['email', 'password', 'confirmPassword']);
        toast.error(adminMessages.somethingWentWrong, { description: error.message });
      },
    });

  // A mismatch is told by toast as well as beside the field.
  const onInvalid = (invalid: FieldErrors<CreateAdminBody>) => {
    const mismatch = invalid.confirmPassword?.message;
    if (mismatch) toast.error(authMessages.passwordsDontMatch, { description: mismatch });
  };

  return (
    <form onSubmit={handleSubmit(onValid, onInvalid)} noValidate className="grid gap-5">
      <EmailField registration={register('email')} error={errors.email?.message} />
      <NewPasswordFields
        register={register}
        errors={errors}
        names={['password', 'confirmPassword']}
        labels={['Password', 'Confirm Password']}
      />
      <Button type="submit" disabled={create.isPending} className="w-full">
        {create.isPending ? 'Creating Admin...' : 'Create Admin'}
      </Button>
    </form>
  );
}
