import { twoFactorMessages } from '@btcp/shared/two-factor';
import { useState } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import type { SecondStepProps } from '#web/hooks/use-password-then-code.ts';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { requestErrorMessage } from '#web/lib/form-errors.ts';
import { useAnswerForm } from '../hooks/use-answer-form.ts';
import { AnswerField, AnswerSwitch } from './code-field.tsx';

/**
 * The second step of a sign-in with two-factor on (decision 027): a code from the app, or one of
 * the recovery codes instead, and Back to the password.
 */
export function SecondFactorForm({ submit, onBack }: SecondStepProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useAnswerForm({ code: '', recoveryCode: '' });
  const { handleSubmit, setError, reset, errors, isSubmitting } = form;

  const onValid = async (values: { code: string; recoveryCode: string }) => {
    setFailure(null);
    const answer = form.answerOf(values);
    try {
      await submit(answer);
    } catch (error) {
      const message = requestErrorMessage(error);
      const field = form.recovery ? 'recoveryCode' : 'code';
      if (error instanceof ApiRequestError && error.status === 400) {
        setError(field, { message: error.fields[field] ?? message }, { shouldFocus: true });
      } else {
        setFailure(message);
      }
    }
  };

  const switchTo = (recovery: boolean) => {
    form.setRecovery(recovery);
    setFailure(null);
    reset();
  };

  return (
    <form noValidate onSubmit={handleSubmit(onValid)} className="grid gap-5">
      <div className="grid gap-1">
        <h2 className="text-lg font-semibold">{twoFactorMessages.title}</h2>
        <p className="text-sm text-muted-foreground">
          {form.recovery
            ? 'Enter one of the recovery codes you saved when you turned two-factor on. Each works once.'
            : 'Open your authenticator app and enter the code it shows for BTCP.'}
        </p>
      </div>
      {failure ? (
        <Alert role="alert" className="grid gap-3">
          <p>{failure}</p>
          <Button type="button" variant="outline" onClick={onBack}>
            Enter your password again
          </Button>
        </Alert>
      ) : null}
      <AnswerField
        autoFocus
        recovery={form.recovery}
        register={form.registerAnswer}
        errors={errors}
      />
      <Button type="submit" size="lg" disabled={isSubmitting} aria-busy={isSubmitting}>
        {isSubmitting ? 'Verifying...' : 'Verify'}
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <Button type="button" variant="ghost" onClick={onBack}>
          Back
        </Button>
        <AnswerSwitch recovery={form.recovery} onSwitch={() => switchTo(!form.recovery)} />
      </div>
    </form>
  );
}
