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
  /** A change of password asks for the current one first. */
  current?: { name: Path<Values>; label: string };
}

/**
 * A new password and its confirmation (after the current password, for a change), each with its label and error, both filled as a new password
 * by password managers. The form says what a mismatch means: its schema or its `onInvalid`.
 */
export function NewPasswordFields<Values extends FieldValues>({
  register,
  errors,
  names,
  labels,
  current,
}: NewPasswordFieldsProps<Values>) {
  const field = (
    name: Path<Values>,
    label: string,
    autoComplete: 'current-password' | 'new-password',
  ) => (
    <PasswordField
      key={name}
      label={label}
      autoComplete={autoComplete}
      registration={register(name)}
      error={(get(errors, name) as FieldError | undefined)?.message}
    />
  );
  return [
    current && field(current.name, current.label, 'current-password'),
    field(names[0], labels[0], 'new-password'),
    field(names[1], labels[1], 'new-password'),
  ];
}
