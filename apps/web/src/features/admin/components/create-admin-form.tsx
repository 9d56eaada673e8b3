import { adminMessages, type CreateAdminBody, CreateAdminBodySchema } from '@btcp/shared/admin';
import { authMessages } from '@btcp/shared/auth';
import { paths } from '@btcp/shared/paths';
import type { FieldErrors } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { EmailField } from '#web/components/forms/email-field.tsx';
import { NewPasswordFields } from '#web/components/forms/new-password-fields.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { useSchemaForm } from '#web/hooks/use-schema-form.ts';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { applyFieldErrors } from '#web/lib/form-errors.ts';
import { toast } from '#web/lib/toast.ts';
import { useCreateAdmin } from '../api/create-admin.ts';

const emptyForm: CreateAdminBody = { email: '', password: '', confirmPassword: '' };

/**
 * Creates an admin. Someone signed in as an admin stays here to add more; the first admin (D8
 * bootstrap) is sent on to sign in.
 */
export function CreateAdminForm({ signedInAsAdmin }: { signedInAsAdmin: boolean }) {
  const navigate = useNavigate();
  const create = useCreateAdmin();
  const { register, handleSubmit, reset, setError, errors } = useSchemaForm(
    CreateAdminBodySchema,
    emptyForm,
  );

  const onValid = (values: CreateAdminBody) =>
    create.mutate(values, {
      onSuccess: () => {
        toast.success(adminMessages.createSuccess(values.email));
        if (signedInAsAdmin) reset(emptyForm);
        else navigate(paths.adminLogin.getHref());
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
