import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '../ui/form-field.tsx';
import { Input } from '../ui/input.tsx';

interface EmailFieldProps {
  /** What the form's `register('email')` returned. */
  registration: UseFormRegisterReturn;
  error?: string;
  /** 'username' where the address is the account's sign-in name for a password manager. */
  autoComplete?: 'email' | 'username';
  placeholder?: string;
}

/** The 'Email' field of a react-hook-form form, wired to its label and error. */
export function EmailField({
  registration,
  error,
  autoComplete = 'email',
  placeholder,
}: EmailFieldProps) {
  return (
    <FormField label="Email" error={error}>
      {(control) => (
        <Input
          {...control}
          {...registration}
          type="email"
          autoComplete={autoComplete}
          placeholder={placeholder}
        />
      )}
    </FormField>
  );
}
