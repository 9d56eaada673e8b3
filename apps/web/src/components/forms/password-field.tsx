import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '../ui/form-field.tsx';
import { Input } from '../ui/input.tsx';

interface PasswordFieldProps {
  label: string;
  /** What the form's `register(name)` returned. */
  registration: UseFormRegisterReturn;
  error?: string;
  /** 'current-password' to sign in or prove who you are; 'new-password' to set one and to confirm it. */
  autoComplete: 'current-password' | 'new-password';
}

/** A password field of a react-hook-form form, wired to its label and error. */
export function PasswordField({ label, registration, error, autoComplete }: PasswordFieldProps) {
  return (
    <FormField label={label} error={error}>
      {(control) => (
        <Input {...control} {...registration} type="password" autoComplete={autoComplete} />
      )}
    </FormField>
  );
}
