import { ErrorCode } from '@btcp/shared/error-codes';
import {
  type ReauthenticateBody,
  ReauthenticateBodySchema,
  reauthenticationMessages,
} from '@btcp/shared/sessions';
import { zodResolver } from '@hookform/resolvers/zod';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { PasswordField } from '#web/components/forms/password-field.tsx';
import { Button } from '#web/components/ui/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '#web/components/ui/card.tsx';
import { TriggeredDialog } from '#web/components/ui/dialog.tsx';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { applyFieldErrors, requestErrorMessage } from '#web/lib/form-errors.ts';
import { toast } from '#web/lib/toast.ts';
import { downloadAccountData, reauthenticate } from '../api/export-account.ts';

const needsPassword = (error: unknown) =>
  error instanceof ApiRequestError && error.code === ErrorCode.reauthenticationRequired;

/** The password again, when the server asks for it before a sensitive action; then the action. */
function ReauthenticateForm({ onConfirmed }: { onConfirmed: () => Promise<void> }) {
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

/**
 * "Download your data": everything held about the account as one JSON file. The server asks for
 * the password again when it was last entered more than 10 minutes ago.
 */
export function DataCard() {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadAccountData();
      setAsking(false);
      toast.success('Your data is downloading');
    } catch (error) {
      if (needsPassword(error)) setAsking(true);
      else toast.error('Error', { description: requestErrorMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your data</CardTitle>
        <CardDescription>
          Download everything BTCP holds about your account: profile, wallet and transactions,
          mining sessions, posts, comments, votes, referrals, sessions and notifications.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <TriggeredDialog
          open={asking}
          onOpenChange={setAsking}
          title={reauthenticationMessages.title}
          description={reauthenticationMessages.description}
          trigger={
            <Button
              variant="outline"
              disabled={busy}
              onClick={(event) => {
                // The dialog opens only when the server asks for the password.
                event.preventDefault();
                void download();
              }}
            >
              <Download aria-hidden="true" className="size-4" />
              {busy ? 'Preparing...' : 'Download your data'}
            </Button>
          }
        >
          <ReauthenticateForm onConfirmed={download} />
        </TriggeredDialog>
      </CardContent>
    </Card>
  );
}
