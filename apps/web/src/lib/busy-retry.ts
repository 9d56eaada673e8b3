import { ErrorCode } from '@btcp/shared/error-codes';
import { ApiRequestError } from './api-client.ts';

/** How many times a call answered "busy" is sent again before its error is shown. */
const BUSY_RETRIES = 5;

const isBusy = (error: unknown): error is ApiRequestError =>
  error instanceof ApiRequestError && error.status === 503 && error.retryAfter !== null;

/** A 503 from an expensive kind of request's bulkhead (decision 058): the same call soon will do. */
export const isBusyError = (error: unknown): error is ApiRequestError =>
  error instanceof ApiRequestError && error.code === ErrorCode.busy;

/**
 * Sends `call` again after the server's Retry-After while it answers 503 with one (its queue of
 * heavy actions is full, docs/decisions/030), so Start and Stop stay pending for the person
 * instead of failing in a burst; any other error, or too many busy answers, is thrown as it came.
 */
export async function retryWhenBusy<T>(
  call: () => Promise<T>,
  wait = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000)),
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      if (!isBusy(error) || attempt >= BUSY_RETRIES) throw error;
      await wait(error.retryAfter ?? 1);
    }
  }
}
