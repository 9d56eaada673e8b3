import {
  type Passkey,
  passkeyMessages,
  type RenamePasskeyBody,
  RenamePasskeyBodySchema,
} from '@btcp/shared/passkeys';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { useSchemaForm } from '#web/hooks/use-schema-form.ts';
import { applyFieldErrors, requestErrorMessage } from '#web/lib/form-errors.ts';
import { toast } from '#web/lib/toast.ts';
import { useRenamePasskey } from '../api/rename-passkey.ts';

/** A passkey's new name (1–50 characters, one line), checked here and by the server. */
export function RenamePasskeyForm({ passkey, onDone }: { passkey: Passkey; onDone: () => void }) {
  const rename = useRenamePasskey();
  const { register, handleSubmit, setError, errors, isSubmitting } = useSchemaForm(
    RenamePasskeyBodySchema,
    { name: passkey.name },
  );
  const onValid = async ({ name }: RenamePasskeyBody) => {
    try {
      await rename.mutateAsync({ id: passkey.id, name });
      toast.success(passkeyMessages.renamed);
      onDone();
    } catch (error) {
      applyFieldErrors(error, setError, ['name']);
      toast.error('Error', { description: requestErrorMessage(error) });
    }
  };
  return (
    <form className="grid gap-4" noValidate onSubmit={handleSubmit(onValid)}>
      <FormField label="Name" error={errors.name?.message}>
        {(control) => <Input {...control} {...register('name')} autoComplete="off" />}
      </FormField>
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Saving...' : 'Save'}
      </Button>
    </form>
  );
}
