import {
  type FieldError,
  type FieldErrors,
  type FieldValues,
  get,
  type Path,
  type UseFormRegister,
} from 'react-hook-form';
import { PasswordField } from './password-field.tsx';

interface NewPasswordFieldsProps<Values extends FieldValues> {
  register: UseFormRegister<Values>;
  errors: FieldErrors<Values>;
  /** The form's two fields: the new password, then its confirmation. */
  names: readonly [Path<Values>, Path<Values>];
  /** Their labels, in the same order. */
  labels: readonly [string, string];
}

/**
 * A new password and its confirmation, each with its label and error, both filled as a new password
 * by password managers. The form says what a mismatch means: its schema or its `onInvalid`.
 */
export function NewPasswordFields<Values extends FieldValues>({
  register,
  errors,
  names,
  labels,
}: NewPasswordFieldsProps<Values>) {
  return names.map((name, index) => (
    <PasswordField
      key={name}
      label={labels[index] ?? ''}
      autoComplete="new-password"
      registration={register(name)}
      error={(get(errors, name) as FieldError | undefined)?.message}
    />
  ));
}
