import { communityMessages } from '@btcp/shared/community';
import { ErrorCode } from '@btcp/shared/error-codes';
import { ApiRequestError } from '#web/lib/api-client.ts';

/** The server's reason for a refused delete (not yours, too often), else the product's retry line. */
export function deleteFailureMessage(error: unknown): string {
  return error instanceof ApiRequestError &&
    error.status < 500 &&
    error.code !== ErrorCode.httpError
    ? error.message
    : communityMessages.deleteFailedDescription;
}
