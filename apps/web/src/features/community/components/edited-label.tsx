import { communityEditMessages } from '@btcp/shared/community-edits';
import { useTimeZone } from '#web/hooks/use-time-zone.ts';
import { formatLongDateTime } from '#web/lib/format.ts';
import { useNow } from '../hooks/use-now.ts';
import { formatRelativeTime } from '../lib/relative-time.ts';

/**
 * "edited" beside an item's date once its author changed it: the exact time on hover, and read out
 * in full ("edited 3 minutes ago") by a screen reader.
 */
export function EditedLabel({ editedAt }: { editedAt: string | null }) {
  const now = useNow();
  const timeZone = useTimeZone();
  if (!editedAt) return null;
  const date = new Date(editedAt);
  const exact = formatLongDateTime(date, timeZone);
  return (
    <>
      <span aria-hidden="true">•</span>
      <time dateTime={editedAt} title={`Edited ${exact}`} className="italic">
        {communityEditMessages.edited}
        <span className="sr-only"> {formatRelativeTime(date, new Date(now), timeZone)}</span>
      </time>
    </>
  );
}
