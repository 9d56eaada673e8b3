import { twoFactorMessages } from '@btcp/shared/two-factor';
import { useState } from 'react';
import { PasswordField } from '#web/components/forms/password-field.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { TitledDialog } from '#web/components/ui/dialog.tsx';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { requestErrorMessage } from '#web/lib/form-errors.ts';
import { toast } from '#web/lib/toast.ts';
import { useDisableTwoFactor } from '../api/disable-two-factor.ts';
import type { TwoFactorOwner } from '../api/owner.ts';
import { useAnswerForm } from '../hooks/use-answer-form.ts';
import { AnswerField, AnswerSwitch } from './code-field.tsx';

interface Values {
  password: string;
  code: string;
  recoveryCode: string;
}

/** Turning two-factor off: the password and a current code (or a recovery code), in one step. */
export function DisableTwoFactorDialog({
  owner,
  onDisabled,
}: {
  owner: TwoFactorOwner;
  onDisabled: () => void;
}) {
  const [open, setOpen] = useState(false);
  const disable = useDisableTwoFactor(owner);
  const form = useAnswerForm<Values>({ password: '', code: '', recoveryCode: '' });
  const { register, handleSubmit, setError, reset, errors, isSubmitting } = form;

  const onValid = async (values: Values) => {
    const answer = form.answerOf(values);
    try {
      await disable.mutateAsync({ password: values.password, ...answer });
      toast.success(twoFactorMessages.disabled);
      setOpen(false);
      reset();
      onDisabled();
    } catch (error) {
      const fields = error instanceof ApiRequestError ? error.fields : {};
      const named = (['password', 'code', 'recoveryCode'] as const).filter((key) => fields[key]);
      for (const key of named) setError(key, { message: fields[key] });
      if (!named.length) toast.error('Error', { description: requestErrorMessage(error) });
    }
  };

  return (
    <TitledDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
      title="Turn off two-factor authentication"
      description="Your password alone will sign you in again. Confirm with your password and a code."
      trigger={<Button variant="outline">Turn off</Button>}
    >
      <form noValidate onSubmit={handleSubmit(onValid)} className="grid gap-4">
        <PasswordField
          label="Password"
          autoComplete="current-password"
          registration={register('password', { required: 'Password is required' })}
          error={errors.password?.message}
        />
        <AnswerField recovery={form.recovery} register={form.registerAnswer} errors={errors} />
        <AnswerSwitch
          recovery={form.recovery}
          onSwitch={() => form.setRecovery(!form.recovery)}
          className="justify-self-start px-0"
        />
        <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
          {isSubmitting ? 'Turning off...' : 'Turn off two-factor'}
        </Button>
      </form>
    </TitledDialog>
  );
}
