import type { ProofChallengeResponse } from '@btcp/shared/sign-up';
import { createChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import type { ApiRoutes } from './stub-api.ts';

/**
 * GET /auth/challenge as the server answers it (decision 031): a real signed challenge at the
 * lowest cost, so the forms under test solve a real proof of work in a few milliseconds.
 */
export function proofOfWorkRoutes(): ApiRoutes {
  return {
    'GET /auth/challenge': async () => {
      const challenge = await createChallenge({
        algorithm: 'PBKDF2/SHA-256',
        cost: 1000,
        counter: 1,
        deriveKey,
        data: { expires: Math.floor(Date.now() / 1000) + 600 },
        hmacSignatureSecret: 'web-test-secret',
        hmacKeySignatureSecret: 'web-test-key-secret',
      });
      const body: ProofChallengeResponse = {
        challenge: { ...challenge, signature: challenge.signature ?? '' },
        expiresInSeconds: 600,
      };
      return { body };
    },
  };
}

/** The proof a form sent, decoded: the challenge it answered and the counter it found. */
export function decodeProof(proof: unknown): { solution: { counter: number } } {
  return JSON.parse(atob(String(proof)));
}
