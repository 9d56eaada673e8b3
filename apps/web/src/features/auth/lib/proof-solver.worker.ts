/// <reference lib="webworker" />
import type { ProofChallenge } from '@btcp/shared/sign-up';
import { solveProof } from './solve-proof.ts';

/** The proof of work away from the page's thread, so typing stays smooth while it runs. */
self.onmessage = async (event: MessageEvent<ProofChallenge>) => {
  try {
    self.postMessage(await solveProof(event.data));
  } catch {
    self.postMessage(null);
  }
};
