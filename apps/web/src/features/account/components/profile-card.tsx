import {
  type Account,
  type UpdateProfileBody,
  UpdateProfileBodySchema,
} from '@btcp/shared/account';
import { FormCard, SubmitButton } from '#web/components/form-card.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { useSchemaForm } from '#web/hooks/use-schema-form.ts';
import { toast } from '#web/lib/toast.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import { showFailure } from '../lib/show-failure.ts';

export function ProfileCard({ account }: { account: Account }) {
  const updateProfile = useUpdateProfile();
  const { register, handleSubmit, setError, reset, errors } = useSchemaForm(
    UpdateProfileBodySchema,
    { username: account.username ?? '' },
  );

  const onValid = async (values: UpdateProfileBody) => {
    try {
      const updated = await updateProfile.mutateAsync(values);
      reset({ username: updated.username ?? '' });
      toast.success('Profile updated');
    } catch (error) {
      showFailure(error, setError, ['username']);
    }
  };

  const busy = updateProfile.isPending;
  return (
    <FormCard title="Profile" description="How you appear in the community.">
      <form noValidate onSubmit={handleSubmit(onValid)} className="grid gap-5">
        <FormField label="Email" hint="You change it in the Email address card.">
          {(control) => (
            <Input {...control} type="email" value={account.email} readOnly className="bg-muted" />
          )}
        </FormField>
        <FormField
          label="Username"
          error={errors.username?.message}
          hint="3 to 30 letters, digits or underscores."
        >
          {(control) => (
            <Input
              {...control}
              {...register('username')}
              autoComplete="username"
              spellCheck={false}
            />
          )}
        </FormField>
        <SubmitButton busy={busy} busyLabel="Saving...">
          Save Changes
        </SubmitButton>
      </form>
    </FormCard>
  );
}
