import { Check, Clock, X } from 'lucide-react';
import type { ReactNode } from 'react';
import type { RecordCheck } from '../lib/check-records.ts';

function Line({ tone, children }: { tone: 'ok' | 'bad' | 'waiting'; children: ReactNode }) {
  const Icon = tone === 'ok' ? Check : tone === 'bad' ? X : Clock;
  const color =
    tone === 'ok' ? 'text-success' : tone === 'bad' ? 'text-destructive' : 'text-muted-foreground';
  return (
    <li className={`flex items-start gap-1.5 ${color}`}>
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{children}</span>
    </li>
  );
}

const linkLines: Record<
  RecordCheck['link'],
  (id: number) => [tone: 'ok' | 'bad' | 'waiting', ReactNode]
> = {
  first: () => ['ok', 'The first record: it links to none'],
  linked: (id) => ['ok', `Links to record #${id - 1}`],
  broken: (id) => ['bad', `Does not link to record #${id - 1}`],
  unknown: (id) => ['waiting', `Link to record #${id - 1} checked once it is loaded`],
};

/**
 * What this browser found about one record: its signature and its link to the one before. Before
 * the check has run (on the server, while hydrating) it says the check is the browser's to make.
 */
export function RecordStatus({
  id,
  check,
  unsupported,
}: {
  id: number;
  check: RecordCheck | undefined;
  unsupported: boolean;
}) {
  if (unsupported) {
    return (
      <ul className="grid gap-1 text-sm">
        <Line tone="waiting">Not checked: this browser lacks Ed25519</Line>
      </ul>
    );
  }
  if (!check) {
    return (
      <ul className="grid gap-1 text-sm">
        <Line tone="waiting">Signature and link checked in your browser</Line>
      </ul>
    );
  }
  const [linkTone, linkText] = linkLines[check.link](id);
  return (
    <ul className="grid gap-1 text-sm">
      {check.signatureProblem ? (
        <Line tone="bad">Signature does not check out: {check.signatureProblem}</Line>
      ) : (
        <Line tone="ok">Signature checks out</Line>
      )}
      <Line tone={linkTone}>{linkText}</Line>
    </ul>
  );
}
