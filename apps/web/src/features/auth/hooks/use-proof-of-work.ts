import { useCallback, useEffect, useState } from 'react';
import { ProofOfWork, type ProofStatus, sendWithProof } from '../lib/proof-of-work.ts';

/**
 * A form's proof of work (decision 031), started as soon as the form shows and stopped with it.
 * `status` feeds the quiet note; `checking` is true while a submission waits for the proof;
 * `withProof(send)` sends one request with a proof (and once more if the server refuses it).
 */
export function useProofOfWork() {
  const [status, setStatus] = useState<ProofStatus>('idle');
  const [checking, setChecking] = useState(false);
  const [proofOfWork] = useState(() => new ProofOfWork(setStatus));
  useEffect(() => {
    proofOfWork.start();
    return () => proofOfWork.dispose();
  }, [proofOfWork]);
  const withProof = useCallback(
    <T>(send: (proof: string) => Promise<T>): Promise<T> => {
      setChecking(true);
      return sendWithProof(proofOfWork, (proof) => {
        setChecking(false);
        return send(proof);
      }).finally(() => setChecking(false));
    },
    [proofOfWork],
  );
  return { status, checking, withProof };
}
