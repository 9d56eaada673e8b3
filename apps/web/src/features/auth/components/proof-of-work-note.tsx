import type { ProofStatus } from '../lib/proof-of-work.ts';

const NOTES: Record<ProofStatus, string> = {
  idle: '',
  solving: 'Running a quick security check in the background\u2026',
  ready: 'Security check done.',
  failed: 'The security check will run again when you send the form.',
};

/**
 * The quiet note of a form's proof of work (decision 031): read out politely, never an alert, and
 * nothing to click; the person goes on typing while it runs.
 */
export function ProofOfWorkNote({ status }: { status: ProofStatus }) {
  return (
    <p aria-live="polite" className="min-h-4 text-center text-xs text-muted-foreground">
      {NOTES[status]}
    </p>
  );
}
