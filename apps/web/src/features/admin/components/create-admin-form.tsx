import { adminMessages, type CreateAdminBody, CreateAdminBodySchema } from '@btcp/shared/admin';
import { authMessages } from '@btcp/shared/auth';
import { paths } from '@btcp/shared/paths';
import { zodResolver } from '@hookform/resolvers/zod';
import { type FieldErrors, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { useCreateAdmin } from '../api/create-admin.ts';

const emptyForm: CreateAdminBody = { email: '', password: '', confirmPassword: '' };

/**
 * Creates an admin. Someone signed in as an admin stays here to add more; the first admin (D8
 * bootstrap) is sent on to sign in.
 */
export function CreateAdminForm({ signedInAsAdmin }: { signedInAsAdmin: boolean }) {
  const navigate = useNavigate();
  const create = useCreateAdmin();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<CreateAdminBody>({
    resolver: zodResolver(CreateAdminBodySchema),
    defaultValues: emptyForm,
  });

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

  // Spec §5: a mismatch is told by toast as well as beside the field.
  const onInvalid = (invalid: FieldErrors<CreateAdminBody>) => {
    const mismatch = invalid.confirmPassword?.message;
    if (mismatch) toast.error(authMessages.passwordsDontMatch, { description: mismatch });
  };

  return (
    <form onSubmit={handleSubmit(onValid, onInvalid)} noValidate className="grid gap-5">
      <FormField label="Email" error={errors.email?.message}>
        {(control) => (
          <Input {...control} type="email" autoComplete="email" {...register('email')} />
        )}
      </FormField>
      <FormField label="Password" error={errors.password?.message}>
        {(control) => (
          <Input
            {...control}
            type="password"
            autoComplete="new-password"
            {...register('password')}
          />
        )}
      </FormField>
      <FormField label="Confirm Password" error={errors.confirmPassword?.message}>
        {(control) => (
          <Input
            {...control}
            type="password"
            autoComplete="new-password"
            {...register('confirmPassword')}
          />
        )}
      </FormField>
      <Button type="submit" disabled={create.isPending} className="w-full">
        {create.isPending ? 'Creating Admin...' : 'Create Admin'}
      </Button>
    </form>
  );
}
