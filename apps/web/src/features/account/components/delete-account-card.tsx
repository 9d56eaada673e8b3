import {
  type DeleteAccountBody,
  DeleteAccountBodySchema,
  accountLifecycleMessages as messages,
} from '@btcp/shared/account-lifecycle';
import { paths } from '@btcp/shared/paths';
import { FormCard, SubmitButton } from '#web/components/form-card.tsx';
import { ReauthenticateDialog } from '#web/components/reauthenticate-dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { useReauthenticatedAction } from '#web/hooks/use-reauthenticated-action.ts';
import { useSchemaForm } from '#web/hooks/use-schema-form.ts';
import { useDeleteAccount } from '../api/delete-account.ts';
import { fieldErrorElseToast } from '../lib/show-failure.ts';

/**
 * "Delete account" (decision 029): typing the account's address is the confirmation, and the
 * password is asked for again when the server wants it. The server checks the address too.
 */
export function DeleteAccountCard({ email }: { email: string }) {
  const deleteAccount = useDeleteAccount();
  const { register, handleSubmit, setError, errors } = useSchemaForm(DeleteAccountBodySchema, {
    email: '',
  });
  const { run, busy, dialog } = useReauthenticatedAction(fieldErrorElseToast(setError, ['email']));

  const onValid = (values: DeleteAccountBody) => {
    if (values.email.toLowerCase() !== email.toLowerCase()) {
      setError('email', { message: messages.deleteEmailMismatch }, { shouldFocus: true });
      return;
    }
    return run(async () => {
      await deleteAccount.mutateAsync(values);
      // A fresh load, not a route change: the ended event stream has the signed-in pages redirect
      // to sign-in at the same moment, and a reload forgets everything the app held of the account.
      window.location.replace(paths.accountDeleted.getHref());
    });
  };

  return (
    <FormCard title={messages.deleteTitle} description={messages.deleteDescription} danger>
      <form noValidate onSubmit={handleSubmit(onValid)} className="grid max-w-lg gap-5">
        <FormField label={messages.deleteConfirmLabel} error={errors.email?.message}>
          {(control) => (
            <Input {...control} {...register('email')} type="email" autoComplete="off" />
          )}
        </FormField>
        <SubmitButton busy={busy} busyLabel="Deleting..." destructive>
          {messages.deleteButton}
        </SubmitButton>
      </form>
      <ReauthenticateDialog {...dialog} />
    </FormCard>
  );
}
