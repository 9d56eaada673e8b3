import { Download } from 'lucide-react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { saveFile } from '#web/lib/save-file.ts';
import { CopyButton } from './copy-button.tsx';

function download(codes: string[]) {
  const text = `BTCP recovery codes\nEach code signs in once, instead of a code from your app.\n\n${codes.join('\n')}\n`;
  saveFile('btcp-recovery-codes.txt', text, 'text/plain');
}

/** The ten recovery codes, shown this once: the server keeps only their hashes. */
export function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <section aria-labelledby="recovery-codes-title" className="grid gap-4">
      <h3 id="recovery-codes-title" className="font-semibold">
        Your recovery codes
      </h3>
      <Alert tone="info">
        Save these codes somewhere safe now: they are shown only once. If you lose your phone, each
        code signs you in once instead of a code from your app.
      </Alert>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-2 rounded-md border border-border bg-muted/40 p-4 font-mono text-sm"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <CopyButton text={codes.join('\n')} label="Copy codes" />
        <Button type="button" variant="outline" size="sm" onClick={() => download(codes)}>
          <Download aria-hidden="true" className="size-4" />
          Download codes
        </Button>
      </div>
      <Button type="button" onClick={onDone}>
        I have saved my codes
      </Button>
    </section>
  );
}
