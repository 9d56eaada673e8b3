import { ErrorCode } from '@btcp/shared/error-codes';
import {
  type ReauthenticateBody,
  ReauthenticateBodySchema,
  reauthenticationMessages,
} from '@btcp/shared/sessions';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { applyFieldErrors, requestErrorMessage } from '#web/lib/form-errors.ts';
import { toast } from '#web/lib/toast.ts';
import { PasswordField } from './forms/password-field.tsx';
import { Button } from './ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from './ui/dialog.tsx';

/** Whether the server asks for the password again before this action (decision 025). */
export const needsPassword = (error: unknown) =>
  error instanceof ApiRequestError && error.code === ErrorCode.reauthenticationRequired;

/** The password again, when the server asks for it before a sensitive action; then the action. */
export function ReauthenticateForm({
  reauthenticate,
  onConfirmed,
}: {
  /** The member's or the admin's own `POST …/reauthenticate`. */
  reauthenticate: (body: ReauthenticateBody) => Promise<void>;
  onConfirmed: () => Promise<void>;
}) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(ReauthenticateBodySchema),
    defaultValues: { password: '' },
  });
  const onValid = async (values: ReauthenticateBody) => {
    try {
      await reauthenticate(values);
      await onConfirmed();
    } catch (error) {
      applyFieldErrors(error, setError, ['password']);
      if (!(error instanceof ApiRequestError && error.fields.password)) {
        toast.error('Error', { description: requestErrorMessage(error) });
      }
    }
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

/** The same form in its own dialog, for an action whose button is not the dialog's trigger. */
export function ReauthenticateDialog({
  open,
  onOpenChange,
  ...form
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  reauthenticate: (body: ReauthenticateBody) => Promise<void>;
  onConfirmed: () => Promise<void>;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{reauthenticationMessages.title}</DialogTitle>
          <DialogDescription>{reauthenticationMessages.description}</DialogDescription>
        </DialogHeader>
        <ReauthenticateForm {...form} />
      </DialogContent>
    </Dialog>
  );
}
