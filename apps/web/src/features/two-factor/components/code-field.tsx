import { twoFactorMessages } from '@btcp/shared/two-factor';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';

/** The 6-digit code an authenticator app shows: numeric keyboard, filled by the system if it can. */
export function CodeField({
  registration,
  error,
  label = 'Authentication code',
  autoFocus = false,
}: {
  registration: UseFormRegisterReturn;
  error?: string;
  label?: string;
  autoFocus?: boolean;
}) {
  return (
    <FormField label={label} error={error} hint="The 6-digit code from your authenticator app.">
      {(control) => (
        <Input
          {...control}
          {...registration}
          autoFocus={autoFocus}
          autoComplete="one-time-code"
          inputMode="numeric"
          pattern="[0-9 ]*"
          maxLength={7}
          className="font-mono tracking-widest"
        />
      )}
    </FormField>
  );
}

/** Recovery codes are typed as read: any case, with or without the dash. */
export function RecoveryCodeField({
  registration,
  error,
  autoFocus = false,
}: {
  registration: UseFormRegisterReturn;
  error?: string;
  autoFocus?: boolean;
}) {
  return (
    <FormField
      label="Recovery code"
      error={error}
      hint="One of the codes you saved, like abcde-23456."
    >
      {(control) => (
        <Input
          {...control}
          {...registration}
          autoFocus={autoFocus}
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="none"
          className="font-mono"
        />
      )}
    </FormField>
  );
}

/** What the person typed, as the server takes it: the code's digits without spaces. */
export const digitsOf = (code: string) => code.replace(/\s/g, '');

/** The answer as the server takes it, from whichever of the two fields is shown. */
export const answerOf = (values: { code: string; recoveryCode: string }, recovery: boolean) =>
  recovery ? { recoveryCode: values.recoveryCode.trim() } : { code: digitsOf(values.code) };

/** The rules of the two fields, for `register(name, answerRules[name])`. */
export const answerRules = {
  code: {
    validate: (value: string) => /^\d{6}$/.test(digitsOf(value)) || twoFactorMessages.codeShape,
  },
  recoveryCode: { required: twoFactorMessages.recoveryCodeShape },
};

/**
 * The answer a second factor takes: a code from the app, or (`recovery`) a recovery code. Only the
 * field shown is registered, so the hidden one's rule never blocks the form.
 */
export function AnswerField({
  recovery,
  register,
  errors,
  autoFocus = false,
}: {
  recovery: boolean;
  register: (name: 'code' | 'recoveryCode') => UseFormRegisterReturn;
  errors: { code?: { message?: string }; recoveryCode?: { message?: string } };
  autoFocus?: boolean;
}) {
  return recovery ? (
    <RecoveryCodeField
      autoFocus={autoFocus}
      registration={register('recoveryCode')}
      error={errors.recoveryCode?.message}
    />
  ) : (
    <CodeField autoFocus={autoFocus} registration={register('code')} error={errors.code?.message} />
  );
}

/** Swaps the app's code for a recovery code, or back. */
export function AnswerSwitch({
  recovery,
  onSwitch,
  className,
}: {
  recovery: boolean;
  onSwitch: () => void;
  className?: string;
}) {
  return (
    <Button type="button" variant="link" className={className} onClick={onSwitch}>
      {recovery ? 'Use a code from your app instead' : 'Use a recovery code instead'}
    </Button>
  );
}
