import type { ReactNode } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';

/**
 * A form's refusal, said once and on the page (decision 056: no toast repeats what a form shows):
 * what failed in the spec's words, then why, unless a field already says why beside itself.
 */
export function FormFailure({
  title,
  reason,
  children,
}: {
  title: string;
  reason?: string | null;
  children?: ReactNode;
}) {
  return (
    <Alert role="alert" className="grid justify-items-start gap-1">
      <p className="font-semibold">{title}</p>
      {reason ? <p>{reason}</p> : null}
      {children}
    </Alert>
  );
}
