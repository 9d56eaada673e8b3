import {
  type ReauthenticateBody,
  ReauthenticateBodySchema,
  reauthenticationMessages,
} from '@btcp/shared/sessions';
import type { ReactNode } from 'react';
import { PasswordField } from '#web/components/forms/password-field.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { TitledDialog } from '#web/components/ui/dialog.tsx';
import { useSchemaForm } from '#web/hooks/use-schema-form.ts';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { applyFieldErrors, requestErrorMessage } from '#web/lib/form-errors.ts';
import { reauthenticateWithPassword } from '#web/lib/reauthentication.ts';
import { toast } from '#web/lib/toast.ts';

/** The password again, when the server asks for it before a sensitive action; then the action. */
function ReauthenticateForm({
  onConfirmed,
  reauthenticate,
}: {
  onConfirmed: () => Promise<void>;
  reauthenticate: (body: ReauthenticateBody) => Promise<void>;
}) {
  const { register, handleSubmit, setError, errors, isSubmitting } = useSchemaForm(
    ReauthenticateBodySchema,
    { password: '' },
  );
  const onValid = async (values: ReauthenticateBody) => {
    try {
      await reauthenticate(values);
    } catch (error) {
      applyFieldErrors(error, setError, ['password']);
      if (!(error instanceof ApiRequestError && error.fields.password)) {
        toast.error('Error', { description: requestErrorMessage(error) });
      }
      return;
    }
    await onConfirmed();
  };
  return (
    <form className="grid gap-4" noValidate onSubmit={handleSubmit(onValid)}>
      <PasswordField
        label="Password"
        autoComplete="current-password"
        registration={register('password')}
        error={errors.password?.message}
      />
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Checking...' : 'Continue'}
      </Button>
    </form>
  );
}

interface ReauthenticateDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Runs the action again once the member has confirmed it is them. */
  onConfirmed: () => Promise<void>;
  /** Another way to confirm, offered under the password (a passkey, decision 028). */
  alternative?: ReactNode;
  /** Whose password: the member's by default; the admin area passes the admin's own route. */
  reauthenticate?: (body: ReauthenticateBody) => Promise<void>;
}

/**
 * "Confirm it's you": opened by useReauthenticatedAction when the server asks (decision 025);
 * focus returns to the button that started the action when it closes.
 */
export function ReauthenticateDialog({
  open,
  onOpenChange,
  onConfirmed,
  alternative,
  reauthenticate = reauthenticateWithPassword,
}: ReauthenticateDialogProps) {
  return (
    <TitledDialog
      open={open}
      onOpenChange={onOpenChange}
      title={reauthenticationMessages.title}
      description={reauthenticationMessages.description}
    >
      <ReauthenticateForm onConfirmed={onConfirmed} reauthenticate={reauthenticate} />
      {alternative ? (
        <div className="grid gap-3">
          <p className="text-center text-sm text-muted-foreground">or</p>
          {alternative}
        </div>
      ) : null}
    </TitledDialog>
  );
}
