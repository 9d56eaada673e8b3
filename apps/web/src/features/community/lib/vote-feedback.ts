import { communityMessages } from '@btcp/shared/community';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';

/** Voting needs an account. */
export function authRequiredToast(): void {
  toast.error(communityMessages.authRequired, {
    description: communityMessages.authRequiredDescription,
  });
}

/**
 * A refused vote: a visitor is told to sign in; a refusal with a reason (429 too often, D9 banned)
 * shows the server's words; anything else the product's 'Voting failed' line.
 */
export function voteErrorToast(error: unknown): void {
  if (error instanceof ApiRequestError && error.status === 401) {
    authRequiredToast();
    return;
  }
  const withReason = error instanceof ApiRequestError && [403, 429].includes(error.status);
  toast.error(communityMessages.votingFailed, {
    description: withReason ? error.message : communityMessages.votingFailedDescription,
  });
}
