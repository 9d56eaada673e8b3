import { communityEditMessages, type EditHistory } from '@btcp/shared/community-edits';
import type { RefObject } from 'react';
import { TitledDialog } from '#web/components/ui/dialog.tsx';
import { returnFocus } from '#web/components/ui/return-focus.ts';
import { useTimeZone } from '#web/hooks/use-time-zone.ts';
import { formatLongDateTime } from '#web/lib/format.ts';
import { type EditedKind, useEditHistory } from '../api/get-edit-history.ts';

interface Version {
  key: string;
  heading: string;
  title: string | null;
  content: string;
}

/** The current text first, then each earlier one, headed by the edit that replaced it. */
function versionsOf(history: EditHistory, timeZone?: 'UTC'): Version[] {
  return [
    { key: 'current', heading: communityEditMessages.currentVersion, ...history.current },
    ...history.versions.map((version, index) => ({
      key: `${index}`,
      heading: communityEditMessages.previousVersion(
        formatLongDateTime(version.editedAt, timeZone),
      ),
      title: version.title,
      content: version.content,
    })),
  ];
}

function HistoryBody({ kind, id, open }: { kind: EditedKind; id: string; open: boolean }) {
  const history = useEditHistory(kind, id, open);
  const timeZone = useTimeZone();
  if (history.isPending) {
    return <p role="status">Loading edit history...</p>;
  }
  if (history.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {communityEditMessages.errorLoadingHistory}
      </p>
    );
  }
  return (
    <ol className="grid gap-3" aria-label={communityEditMessages.historyTitle}>
      {versionsOf(history.data, timeZone).map((version, index) => (
        <li key={version.key} className="grid gap-1 rounded-lg border border-border p-3">
          <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            {version.heading}
          </h3>
          {kind === 'post' ? (
            <p className="font-medium break-words">
              {version.title ??
                (index === 0 ? null : (
                  <span className="text-muted-foreground italic">
                    {communityEditMessages.titleUnchanged}
                  </span>
                ))}
            </p>
          ) : null}
          <p className="text-sm break-words whitespace-pre-wrap">{version.content}</p>
        </li>
      ))}
    </ol>
  );
}

/**
 * What an edited item said before each edit, for admins and moderators (the server refuses
 * anyone else). Opened by the button in `edited-mark.tsx`, which loads it when first asked, and
 * focus goes back to that button on closing.
 */
export function EditHistoryDialog({
  kind,
  id,
  open,
  onOpenChange,
  opener,
}: {
  kind: EditedKind;
  id: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  opener: RefObject<HTMLButtonElement | null>;
}) {
  return (
    <TitledDialog
      open={open}
      onOpenChange={onOpenChange}
      title={communityEditMessages.historyTitle}
      description={communityEditMessages.historyDescription}
      onCloseAutoFocus={(event) => returnFocus(event, opener.current)}
    >
      <HistoryBody kind={kind} id={id} open={open} />
    </TitledDialog>
  );
}
