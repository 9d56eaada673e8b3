import {
  type ChangeEmailBody,
  ChangeEmailBodySchema,
  accountLifecycleMessages as messages,
} from '@btcp/shared/account-lifecycle';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { FormCard, SubmitButton } from '#web/components/form-card.tsx';
import { ReauthenticateDialog } from '#web/components/reauthenticate-dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { useReauthenticatedAction } from '#web/hooks/use-reauthenticated-action.ts';
import { useSchemaForm } from '#web/hooks/use-schema-form.ts';
import { useChangeEmail } from '../api/change-email.ts';
import { fieldErrorElseToast } from '../lib/show-failure.ts';

/**
 * The address the member signs in with, and a form to change it (decision 029): a link goes to the
 * new address, and the change happens when it is opened. The password is asked for again when the
 * server wants it.
 */
export function EmailCard({ email }: { email: string }) {
  const changeEmail = useChangeEmail();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { register, handleSubmit, setError, reset, errors } = useSchemaForm(ChangeEmailBodySchema, {
    newEmail: '',
  });
  const { run, busy, dialog } = useReauthenticatedAction(
    fieldErrorElseToast(setError, ['newEmail']),
  );

  const onValid = (values: ChangeEmailBody) =>
    run(async () => {
      await changeEmail.mutateAsync(values);
      setSentTo(values.newEmail);
      reset();
    });

  return (
    <FormCard
      title={messages.emailTitle}
      description={messages.emailDescription}
      contentClassName="grid gap-5"
    >
      <p className="text-sm">
        Current address: <span className="font-medium break-all">{email}</span>
      </p>
      <form noValidate onSubmit={handleSubmit(onValid)} className="grid gap-5">
        <FormField label={messages.newEmailLabel} error={errors.newEmail?.message}>
          {(control) => (
            <Input {...control} {...register('newEmail')} type="email" autoComplete="email" />
          )}
        </FormField>
        <SubmitButton busy={busy} busyLabel="Sending...">
          {messages.changeEmail}
        </SubmitButton>
      </form>
      {sentTo ? (
        <div role="status" className="flex gap-3 rounded-lg bg-muted p-4 text-sm">
          <MailCheck aria-hidden="true" className="size-5 shrink-0 text-success" />
          <div className="grid gap-1">
            <p className="font-medium break-all">{messages.checkNewAddress(sentTo)}</p>
            <p className="text-muted-foreground">{messages.checkNewAddressHint}</p>
          </div>
        </div>
      ) : null}
      <ReauthenticateDialog {...dialog} />
    </FormCard>
  );
}
