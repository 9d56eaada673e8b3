import { ShieldQuestion } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';

/**
 * A browser without Ed25519 in WebCrypto: said plainly, never as a failed check. `what` is what
 * could not be verified; `children` what to do instead.
 */
export function CannotVerify({ what, children }: { what: string; children: ReactNode }) {
  return (
    <Alert tone="info" role="status" className="grid gap-1">
      <p className="inline-flex items-center gap-2 font-semibold">
        <ShieldQuestion aria-hidden="true" className="size-5 shrink-0" />
        This browser can’t verify {what}
      </p>
      <p>It lacks Ed25519 signatures in WebCrypto, so nothing was checked. {children}</p>
    </Alert>
  );
}
