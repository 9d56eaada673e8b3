import type { ProofChallenge } from '@btcp/shared/sign-up';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { getChallenge } from '../api/get-challenge.ts';
import type { ProofSolution } from './solve-proof.ts';

export type ProofStatus = 'idle' | 'solving' | 'ready' | 'failed';

interface Solved {
  proof: string;
  /** After this (the browser's clock) the server would call the challenge expired. */
  staleAt: number;
}

/** Leaves time for the answer to travel and for a slow request, before the server's expiry. */
const EXPIRY_MARGIN_MS = 60_000;

function solveInWorker(challenge: ProofChallenge, track: (worker: Worker) => void) {
  // Without workers (an old browser, the test DOM) the same code runs on the page's thread.
  if (typeof Worker === 'undefined') {
    return import('./solve-proof.ts').then(({ solveProof }) => solveProof(challenge));
  }
  return new Promise<ProofSolution | null>((resolve, reject) => {
    const worker = new Worker(new URL('./proof-solver.worker.ts', import.meta.url), {
      type: 'module',
    });
    track(worker);
    worker.onmessage = (event: MessageEvent<ProofSolution | null>) => {
      worker.terminate();
      resolve(event.data);
    };
    worker.onerror = () => {
      worker.terminate();
      reject(new Error('the proof-of-work worker failed'));
    };
    worker.postMessage(challenge);
  });
}

/**
 * The proof of work of one form (decision 031): a challenge fetched and solved in a worker while
 * the person types, handed to one request and then forgotten (the server accepts it once).
 */
export class ProofOfWork {
  private current: Promise<Solved> | null = null;
  private worker: Worker | null = null;
  /** Bumped by `dispose`: a solve begun before it reports nothing and starts no worker. */
  private generation = 0;

  constructor(private readonly onStatus: (status: ProofStatus) => void) {}

  /** Starts solving, unless a solution is ready or on its way. */
  start(): void {
    if (this.current) return;
    const solving = this.solveNew();
    this.current = solving;
    solving.catch(() => {
      if (this.current === solving) this.current = null;
    });
  }

  /** The proof for one request: ready, or awaited; an expired one is replaced first. */
  async take(): Promise<string> {
    this.start();
    let solved = await (this.current ?? this.solveNew());
    if (solved.staleAt <= Date.now()) {
      this.current = null;
      this.start();
      solved = await (this.current ?? this.solveNew());
    }
    this.current = null;
    return solved.proof;
  }

  /** Stops the work under way (the form is gone); `start` begins afresh. */
  dispose(): void {
    this.generation += 1;
    this.worker?.terminate();
    this.worker = null;
    this.current = null;
  }

  private async solveNew(): Promise<Solved> {
    const generation = this.generation;
    const current = () => generation === this.generation;
    this.onStatus('solving');
    try {
      const { challenge, expiresInSeconds } = await getChallenge();
      const staleAt = Date.now() + expiresInSeconds * 1000 - EXPIRY_MARGIN_MS;
      if (!current()) throw new Error('the form is gone');
      const solution = await solveInWorker(challenge, (worker) => {
        this.worker = worker;
      });
      if (!solution) throw new Error('the proof of work was not solved in time');
      if (current()) this.onStatus('ready');
      return { proof: btoa(JSON.stringify({ challenge, solution })), staleAt };
    } catch (error) {
      if (current()) this.onStatus('failed');
      throw error;
    }
  }
}

/** A refusal of the proof itself (400 naming it): worth one more try with a fresh one. */
export const isProofRefused = (error: unknown) =>
  error instanceof ApiRequestError && error.status === 400 && 'proof' in error.fields;

/**
 * Sends a request with a proof; when the server refuses the proof (expired while the tab slept,
 * say), solves a new one and sends once more. After any failure the next proof is prepared, so
 * correcting a field and sending again does not wait.
 */
export async function sendWithProof<T>(
  proofOfWork: ProofOfWork,
  send: (proof: string) => Promise<T>,
): Promise<T> {
  try {
    try {
      return await send(await proofOfWork.take());
    } catch (error) {
      if (!isProofRefused(error)) throw error;
      return await send(await proofOfWork.take());
    }
  } catch (error) {
    proofOfWork.start();
    throw error;
  }
}
