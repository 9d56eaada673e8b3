import { communityEditMessages, type EditHistory } from '@btcp/shared/community-edits';
import { History } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { TriggeredDialog } from '#web/components/ui/dialog.tsx';
import { useTimeZone } from '#web/hooks/use-time-zone.ts';
import { formatLongDateTime } from '#web/lib/format.ts';
import { type EditedKind, useEditHistory } from '../api/get-edit-history.ts';
import { useIsStaff } from '../hooks/use-is-staff.ts';

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
 * For admins and moderators on an edited item: what it said before each edit. Nobody else is
 * offered it (and the server refuses them).
 */
export function EditHistoryButton({
  kind,
  id,
  editedAt,
}: {
  kind: EditedKind;
  id: string;
  editedAt: string | null;
}) {
  const isStaff = useIsStaff();
  const [open, setOpen] = useState(false);
  if (!isStaff || !editedAt) return null;
  return (
    <TriggeredDialog
      open={open}
      onOpenChange={setOpen}
      title={communityEditMessages.historyTitle}
      description={communityEditMessages.historyDescription}
      trigger={
        <Button
          variant="ghost"
          size="sm"
          className="h-7 px-2 text-xs text-muted-foreground"
          aria-label={communityEditMessages.viewHistory}
        >
          <History aria-hidden="true" className="size-3.5" />
          History
        </Button>
      }
    >
      <HistoryBody kind={kind} id={id} open={open} />
    </TriggeredDialog>
  );
}
