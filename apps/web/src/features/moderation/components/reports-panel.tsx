import {
  type ReportedItem,
  reportMessages,
  reportReasonLabels,
  reportReasons,
} from '@btcp/shared/reports';
import { PagedSearchCard } from '#web/components/paged-search-card.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { TableCell, TableRow } from '#web/components/ui/table.tsx';
import { usePagedList } from '#web/hooks/use-paged-list.ts';
import { formatShortDateTime } from '#web/lib/format.ts';
import { useOpenReports } from '../api/open-reports.ts';
import { AuthorCell, PostPageLink } from './moderation-cells.tsx';
import { PostStatusBadge } from './post-status-badge.tsx';
import { ReportActionsMenu } from './report-actions-menu.tsx';

const columns = ['Item', 'Author', 'Reports', 'Reasons', 'Latest', 'Actions'];

/** Each reason given, with how many gave it, and a few of the 'Other' texts. */
function Reasons({ item }: { item: ReportedItem }) {
  return (
    <div className="grid gap-1.5">
      <ul className="flex flex-wrap gap-1.5" aria-label="Reasons">
        {reportReasons
          .filter((reason) => item.reasons[reason] > 0)
          .map((reason) => (
            <li key={reason}>
              <Badge className="border-border bg-muted px-2 py-0.5 text-foreground">
                {reportReasonLabels[reason]}
                <span className="font-semibold tabular-nums">×{item.reasons[reason]}</span>
              </Badge>
            </li>
          ))}
      </ul>
      {item.otherTexts.length > 0 ? (
        <ul className="grid gap-0.5 text-xs text-muted-foreground" aria-label="Other reasons">
          {item.otherTexts.map((text, index) => (
            // The same words may come from two members: the place tells them apart.
            // biome-ignore lint/suspicious/noArrayIndexKey: texts are not unique and never reorder
            <li key={index} className="[overflow-wrap:anywhere]">
              “{text}”
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function ReportRow({ item }: { item: ReportedItem }) {
  const isComment = item.itemType === 'comment';
  return (
    <TableRow className="max-sm:px-1">
      <TableCell className="max-w-sm font-medium max-sm:text-base max-sm:font-semibold">
        <div className="grid gap-1">
          <PostPageLink postId={item.postId}>
            {isComment ? <span className="text-muted-foreground">Comment: </span> : null}
            {item.label || '(no text)'}
          </PostPageLink>
          {item.status === 'active' ? null : (
            <span>
              <PostStatusBadge status={item.status} />
            </span>
          )}
        </div>
      </TableCell>
      <AuthorCell author={item} className="min-w-28" />
      <TableCell data-label="Reports" className="text-right tabular-nums">
        {item.reportCount}
      </TableCell>
      <TableCell data-label="Reasons" className="min-w-48">
        <Reasons item={item} />
      </TableCell>
      <TableCell data-label="Latest" className="whitespace-nowrap">
        {formatShortDateTime(item.latestAt)}
      </TableCell>
      <TableCell data-label="Actions" className="text-right">
        <ReportActionsMenu item={item} />
      </TableCell>
    </TableRow>
  );
}

/** The Reports tab of /admin/community: open reports grouped by item, searched and paged. */
export function ReportsPanel() {
  const list = usePagedList(useOpenReports, {
    title: reportMessages.errorLoading,
    description: reportMessages.errorLoadingDescription,
  });
  return (
    <PagedSearchCard
      searchBox={{
        label: reportMessages.searchLabel,
        placeholder: reportMessages.searchPlaceholder,
        refreshLabel: reportMessages.refresh,
      }}
      list={list}
      label="Open reports"
      columns={columns}
      alignEnd={['Reports', 'Actions']}
      emptyMessage={list.paging.search ? reportMessages.emptyMatching : reportMessages.empty}
      row={(item) => <ReportRow key={`${item.itemType}:${item.itemId}`} item={item} />}
      noun={['reported item', 'reported items']}
      loadingStatus="Loading reports..."
      pagesLabel="Report pages"
    />
  );
}
