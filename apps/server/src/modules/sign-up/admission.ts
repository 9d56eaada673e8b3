import type { Transaction } from '#server/db/client.ts';
import { normalizeEmail } from '#server/lib/email-identity.ts';
import { enforceNetworkLimit, type SignUpSource } from './network-limit.ts';
import { spendProof, type VerifiedProof } from './proof-of-work.ts';

/** A registration's credentials (decision 031): where it comes from and the work it proved. */
export interface SignUpAttempt {
  source: SignUpSource;
  proof: VerifiedProof;
}

/**
 * Admits a registration inside the transaction that acts on it: its network still has room today
 * (429), and its proof of work was not used before (400), which it now is. A refusal rolls the
 * whole transaction back, so nothing is kept. `lock` when the transaction creates the account.
 */
export async function admitSignUp(
  tx: Transaction,
  attempt: SignUpAttempt,
  { lock }: { lock: boolean },
): Promise<void> {
  await enforceNetworkLimit(tx, attempt.source, { lock });
  await spendProof(tx, attempt.proof);
}

/** The columns a new account gets from its sign-up: its mailbox and where it registered from. */
export const signUpColumns = (email: string, attempt: SignUpAttempt) => ({
  emailNormalized: normalizeEmail(email),
  signupIp: attempt.source.ip,
  signupNetwork: attempt.source.network,
});
