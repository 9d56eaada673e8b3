import { lazy, Suspense } from 'react';
import type { EditedKind } from '../api/get-edit-history.ts';
import { useIsStaff } from '../hooks/use-is-staff.ts';
import { EditedLabel } from './edited-label.tsx';

// Staff only: a reader's post page never loads the history's dialog (docs/decisions/018).
const EditHistoryButton = lazy(() =>
  import('./edit-history-dialog.tsx').then((module) => ({ default: module.EditHistoryButton })),
);

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
      {isStaff && item.editedAt ? (
        <Suspense fallback={null}>
          <EditHistoryButton kind={kind} id={item.id} editedAt={item.editedAt} />
        </Suspense>
      ) : null}
    </>
  );
}
