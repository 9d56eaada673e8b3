import { accountName, memberNameMessages } from '@btcp/shared/member-names';
import {
  type ModerationLogActor,
  type ModerationLogEntry,
  moderationActionLabel,
  moderationActionLabels,
  moderationActions,
  moderationLogMessages,
  type PublicModerationLogEntry,
  publicModerationActions,
} from '@btcp/shared/moderation-log';
import { paths } from '@btcp/shared/paths';
import { ScrollText } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { Badge } from '#web/components/ui/badge.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { NativeSelect } from '#web/components/ui/native-select.tsx';
import { PagedListTable } from '#web/components/ui/paged-list-table.tsx';
import { TableCell, TableRow } from '#web/components/ui/table.tsx';
import { useErrorToast } from '#web/hooks/use-error-toast.ts';
import { cn } from '#web/lib/cn.ts';
import { formatShortDateTime } from '#web/lib/format.ts';
import type { ModerationLogFilter } from '../api/get-moderation-log.ts';

type Entry = PublicModerationLogEntry & Partial<Pick<ModerationLogEntry, 'actorName'>>;

const actionTone = (action: string) =>
  /removed|delete|ban$|moderator\.remove/.test(action)
    ? 'border-destructive/30 bg-destructive/10 text-destructive'
    : /flagged/.test(action)
      ? 'border-yellow-700/30 bg-yellow-100 text-yellow-900 dark:border-yellow-400/40 dark:bg-yellow-950 dark:text-yellow-200'
      : 'border-border bg-muted text-foreground';

/**
 * Whose post or comment it was, named as the community names them (decision 055); the public log
 * names no comment's author.
 */
function authorOf(entry: Entry, staff: boolean): string | null {
  if (entry.targetType === 'user' || (entry.targetType === 'comment' && !staff)) return null;
  return entry.targetMemberTag
    ? accountName({ username: entry.targetUsername, memberTag: entry.targetMemberTag })
    : memberNameMessages.deletedAccount;
}

/** What the entry is about: the post (linked while it exists), comment or member. */
function Target({ entry, staff }: { entry: Entry; staff: boolean }) {
  const label = entry.targetLabel || moderationLogMessages.targetGone;
  const by = authorOf(entry, staff);
  return (
    <span className="grid gap-0.5">
      {entry.postId ? (
        <Link
          to={paths.communityPost.getHref(entry.postId)}
          className="rounded-sm font-medium [overflow-wrap:anywhere] hover:text-primary hover:underline"
        >
          {label}
        </Link>
      ) : (
        <span className="font-medium [overflow-wrap:anywhere]">{label}</span>
      )}
      {by ? <span className="text-xs text-muted-foreground">by {by}</span> : null}
    </span>
  );
}

function LogRow({ entry, showModerator }: { entry: Entry; showModerator: boolean }) {
  return (
    <TableRow>
      <TableCell data-label="When" className="whitespace-nowrap text-muted-foreground">
        <time dateTime={entry.createdAt}>{formatShortDateTime(entry.createdAt)}</time>
      </TableCell>
      {showModerator ? (
        <TableCell data-label="Moderator" className="[overflow-wrap:anywhere]">
          {entry.actorName}
        </TableCell>
      ) : null}
      <TableCell data-label="Action">
        <Badge className={cn('py-0.5 whitespace-nowrap', actionTone(entry.action))}>
          {moderationActionLabel(entry.action)}
        </Badge>
      </TableCell>
      <TableCell data-label="Target" className="sm:max-w-xs">
        <Target entry={entry} staff={showModerator} />
      </TableCell>
      <TableCell
        data-label="Reason"
        className={cn(
          'whitespace-pre-line [overflow-wrap:anywhere] sm:max-w-sm',
          !entry.reason && 'text-muted-foreground italic',
        )}
      >
        {entry.reason ?? moderationLogMessages.noReason}
      </TableCell>
    </TableRow>
  );
}

interface FiltersProps {
  filter: ModerationLogFilter;
  onFilterChange: (filter: ModerationLogFilter) => void;
  /** The staff to filter by; without them, no moderator filter (the public log). */
  moderators?: readonly ModerationLogActor[];
}

/** The action filter and, for staff, the moderator filter: each change goes back to page 1. */
function Filters({ filter, onFilterChange, moderators }: FiltersProps) {
  const id = useId();
  return (
    <div className="flex flex-col gap-3 border-b border-border p-4 sm:flex-row sm:items-center">
      <div className="flex items-center gap-2">
        <Label htmlFor={`${id}-action`} className="w-20 shrink-0 sm:w-auto">
          {moderationLogMessages.actionFilter}
        </Label>
        <NativeSelect
          id={`${id}-action`}
          value={filter.action}
          onChange={(event) => onFilterChange({ ...filter, action: event.target.value, page: 1 })}
          className="w-full sm:w-48"
        >
          <option value="">{moderationLogMessages.allActions}</option>
          {(moderators ? moderationActions : publicModerationActions).map((action) => (
            <option key={action} value={action}>
              {moderationActionLabels[action]}
            </option>
          ))}
        </NativeSelect>
      </div>
      {moderators ? (
        <div className="flex items-center gap-2">
          <Label htmlFor={`${id}-moderator`} className="w-20 shrink-0 sm:w-auto">
            {moderationLogMessages.moderatorFilter}
          </Label>
          <NativeSelect
            id={`${id}-moderator`}
            value={filter.moderator}
            onChange={(event) =>
              onFilterChange({ ...filter, moderator: event.target.value, page: 1 })
            }
            className="w-full sm:w-60"
          >
            <option value="">{moderationLogMessages.allModerators}</option>
            {moderators.map((moderator) => (
              <option key={moderator.id} value={moderator.id}>
                {moderator.name}
              </option>
            ))}
          </NativeSelect>
        </div>
      ) : null}
    </div>
  );
}

interface ModerationLogTableProps extends FiltersProps {
  query: Parameters<typeof PagedListTable<Entry>>[0]['query'] & {
    error: Error | null;
    errorUpdatedAt: number;
  };
  /** Staff see who acted; the public log never does. */
  showModerator: boolean;
}

/**
 * The moderation log, newest first and paged on the server: filters above the table (When,
 * Moderator for staff, Action, Target, Reason), the empty state, loading rows and the error with
 * Try again.
 */
export function ModerationLogTable({ query, showModerator, ...filters }: ModerationLogTableProps) {
  const { filter, onFilterChange } = filters;
  useErrorToast(moderationLogMessages.errorLoading, query.error, query.errorUpdatedAt);
  const filtered = Boolean(filter.action || filter.moderator);
  const columns = showModerator
    ? ['When', 'Moderator', 'Action', 'Target', 'Reason']
    : ['When', 'Action', 'Target', 'Reason'];
  return (
    <>
      <Filters {...filters} />
      <PagedListTable
        loadingStatus={moderationLogMessages.loading}
        empty={
          <EmptyState
            icon={ScrollText}
            title={filtered ? moderationLogMessages.emptyFiltered : moderationLogMessages.empty}
            className="py-12"
          />
        }
        tableInset="px-3 pb-2 sm:px-4"
        label={moderationLogMessages.title}
        columns={columns}
        query={query}
        labelFirst
        skeletonWidth={(column) => (column === 'Reason' || column === 'Target' ? 'w-40' : 'w-24')}
        errorMessage={moderationLogMessages.errorLoading}
        row={(entry) => <LogRow key={entry.id} entry={entry} showModerator={showModerator} />}
        pagination={{
          label: 'Moderation log pages',
          page: filter.page,
          onPageChange: (page) => onFilterChange({ ...filter, page }),
        }}
      />
    </>
  );
}
