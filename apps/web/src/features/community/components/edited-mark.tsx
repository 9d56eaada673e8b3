import { communityEditMessages } from '@btcp/shared/community-edits';
import { History } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import type { EditedKind } from '../api/get-edit-history.ts';
import { useIsStaff } from '../hooks/use-is-staff.ts';
import { EditedLabel } from './edited-label.tsx';

// Staff only, and only once asked: a reader's post page never loads the dialog (decision 051).
// The button itself stays in the page, so it works as soon as the page does.
const EditHistoryDialog = lazy(() =>
  import('./edit-history-dialog.tsx').then((module) => ({ default: module.EditHistoryDialog })),
);

function EditHistoryButton({ kind, id }: { kind: EditedKind; id: string }) {
  const [open, setOpen] = useState(false);
  const [asked, setAsked] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={button}
        variant="ghost"
        size="sm"
        className="h-7 px-2 text-xs text-muted-foreground"
        aria-label={communityEditMessages.viewHistory}
        aria-haspopup="dialog"
        onClick={() => {
          setAsked(true);
          setOpen(true);
        }}
      >
        <History aria-hidden="true" className="size-3.5" />
        History
      </Button>
      {asked ? (
        <Suspense fallback={null}>
          <EditHistoryDialog
            kind={kind}
            id={id}
            open={open}
            onOpenChange={setOpen}
            opener={button}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/** Beside an item's date: "edited" when it was, and for staff the way to its earlier text. */
export function EditedMark({
  kind,
  item,
}: {
  kind: EditedKind;
  item: { id: string; editedAt: string | null };
}) {
  const isStaff = useIsStaff();
  return (
    <>
      <EditedLabel editedAt={item.editedAt} />
      {isStaff && item.editedAt ? <EditHistoryButton kind={kind} id={item.id} /> : null}
    </>
  );
}
