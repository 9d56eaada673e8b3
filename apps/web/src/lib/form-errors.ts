import { ErrorCode } from '@btcp/shared/error-codes';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiRequestError } from './api-client.ts';

export const UNEXPECTED_ERROR = 'An unexpected error occurred. Please try again.';

/**
 * The words to show for a failed request: the server's own message for a 4xx (a 429 names the wait,
 * 'Too many attempts. Please try again in N seconds.'), a generic line for anything else.
 */
export function requestErrorMessage(error: unknown): string {
  if (
    !(error instanceof ApiRequestError) ||
    error.status >= 500 ||
    error.code === ErrorCode.httpError
  ) {
    return UNEXPECTED_ERROR;
  }
  if (error.status === 429 && !/\d/.test(error.message)) {
    return error.retryAfter
      ? `Too many attempts. Please try again in ${error.retryAfter} seconds.`
      : 'Too many attempts. Please try again later.';
  }
  return error.message;
}

/**
 * Shows the server's field errors on the form's fields (in `names` order, which is the form's) and
 * moves focus to the first. Returns whether any field error was shown.
 */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  names: readonly Path<T>[],
): boolean {
  if (!(error instanceof ApiRequestError)) return false;
  const failed = names.filter((name) => error.fields[name]);
  failed.forEach((name, index) => {
    setError(name, { type: 'server', message: error.fields[name] }, { shouldFocus: index === 0 });
  });
  return failed.length > 0;
}
