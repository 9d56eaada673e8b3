import type { ProofChallenge } from '@btcp/shared/sign-up';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';

export interface ProofSolution {
  counter: number;
  derivedKey: string;
}

/**
 * Finds the counter the server chose (decision 031), with the browser's own PBKDF2 (Web Crypto);
 * null when it takes longer than altcha-lib's time limit. Runs in the solver worker.
 */
export async function solveProof(challenge: ProofChallenge): Promise<ProofSolution | null> {
  const solution = await solveChallenge({ challenge, deriveKey });
  return solution ? { counter: solution.counter, derivedKey: solution.derivedKey } : null;
}
