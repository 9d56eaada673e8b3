import type { ProofChallengeResponse } from '@btcp/shared/sign-up';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

/**
 * A proof of work for registering (decision 031), fetched and solved here as a browser does; at
 * the default cost this takes about a second of one core.
 */
export async function solvedProof(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/challenge`);
  if (!response.ok) throw new Error(`GET /api/auth/challenge: ${response.status}`);
  const { challenge } = (await response.json()) as ProofChallengeResponse;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the proof of work was not solved in time');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}
