import type { EditedKind } from '../api/get-edit-history.ts';
import { EditHistoryButton } from './edit-history-dialog.tsx';
import { EditedLabel } from './edited-label.tsx';

/** Beside an item's date: "edited" when it was, and for staff the way to its earlier text. */
export function EditedMark({
  kind,
  item,
}: {
  kind: EditedKind;
  item: { id: string; editedAt: string | null };
}) {
  return (
    <>
      <EditedLabel editedAt={item.editedAt} />
      <EditHistoryButton kind={kind} id={item.id} editedAt={item.editedAt} />
    </>
  );
}
