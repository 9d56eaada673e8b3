import type { SessionState } from '@btcp/shared/session';

/**
 * Why the sign-in page was opened, carried in the router's location state: the server said this
 * browser's session was ended from elsewhere (decision 057), never a guess from a missing session.
 */
export interface SignedOutState {
  signedOut: 'elsewhere';
}

export const signedOutElsewhere: SignedOutState = { signedOut: 'elsewhere' };

export function wasSignedOutElsewhere(
  locationState: unknown,
  session: SessionState | undefined,
): boolean {
  if (session?.endedElsewhere) return true;
  return (locationState as Partial<SignedOutState> | null)?.signedOut === 'elsewhere';
}
