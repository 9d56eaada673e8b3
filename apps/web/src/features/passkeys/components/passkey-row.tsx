import type { Passkey } from '@btcp/shared/passkeys';
import { KeyRound, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { TitledDialog } from '#web/components/ui/dialog.tsx';
import { useTimeZone } from '#web/hooks/use-time-zone.ts';
import { formatShortDateTime } from '#web/lib/format.ts';
import { RenamePasskeyForm } from './rename-passkey-form.tsx';

interface PasskeyRowProps {
  passkey: Passkey;
  busy: boolean;
  onRemove: (passkey: Passkey) => void;
}

/** One passkey: its name, when it was added and last used, and Rename / Remove. */
export function PasskeyRow({ passkey, busy, onRemove }: PasskeyRowProps) {
  const timeZone = useTimeZone();
  const [renaming, setRenaming] = useState(false);
  return (
    <li className="flex flex-wrap items-start gap-3 py-3">
      <KeyRound aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-medium break-words">
          {passkey.name}
          {passkey.synced ? <Badge>Synced</Badge> : null}
        </p>
        <p className="text-sm break-words text-muted-foreground">
          Added{' '}
          <time dateTime={passkey.createdAt}>
            {formatShortDateTime(passkey.createdAt, timeZone)}
          </time>
          {' · '}
          {passkey.lastUsedAt ? (
            <>
              Last used{' '}
              <time dateTime={passkey.lastUsedAt}>
                {formatShortDateTime(passkey.lastUsedAt, timeZone)}
              </time>
            </>
          ) : (
            'Never used'
          )}
        </p>
      </div>
      <div className="flex gap-2">
        <TitledDialog
          open={renaming}
          onOpenChange={setRenaming}
          title="Rename passkey"
          description="A name that tells you which device or password manager holds it."
          trigger={
            <Button variant="outline" size="sm" aria-label={`Rename: ${passkey.name}`}>
              <Pencil aria-hidden="true" className="size-4" />
              Rename
            </Button>
          }
        >
          <RenamePasskeyForm passkey={passkey} onDone={() => setRenaming(false)} />
        </TitledDialog>
        <ConfirmDialog
          title="Remove this passkey?"
          description={`“${passkey.name}” will no longer sign you in. The passkey itself stays on your device until you delete it there.`}
          confirmLabel="Remove"
          onConfirm={() => onRemove(passkey)}
          trigger={
            <Button
              variant="outline"
              size="sm"
              disabled={busy}
              aria-label={`Remove: ${passkey.name}`}
            >
              <Trash2 aria-hidden="true" className="size-4" />
              Remove
            </Button>
          }
        />
      </div>
    </li>
  );
}
