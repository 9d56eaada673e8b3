import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { applyFieldErrors, requestErrorMessage } from '#web/lib/form-errors.ts';
import { toast } from '#web/lib/toast.ts';

/** Why an account change failed, in a toast. */
export const toastFailure = (error: unknown) =>
  toast.error('Error', { description: requestErrorMessage(error) });

/** A failed change: the server's field errors on the form's `names`, and why in a toast as well. */
export function showFailure<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  names: readonly Path<T>[],
): void {
  applyFieldErrors(error, setError, names);
  toastFailure(error);
}

/**
 * For a form whose only field confirms the change: the server's error on that field when it named
 * one, or else why in a toast.
 */
export const fieldErrorElseToast =
  <T extends FieldValues>(setError: UseFormSetError<T>, names: readonly Path<T>[]) =>
  (error: unknown) => {
    if (!applyFieldErrors(error, setError, names)) toastFailure(error);
  };
