import { ChevronLeft, ChevronRight } from 'lucide-react';
import { countPages } from '#web/hooks/use-paged-search.ts';
import { cn } from '#web/lib/cn.ts';
import { formatCount } from '#web/lib/format.ts';
import { Button } from './button.tsx';

interface PaginationProps {
  page: number;
  pageCount: number;
  /** While a page loads, both buttons wait. */
  busy?: boolean;
  onPageChange: (page: number) => void;
  /** Names the navigation landmark, e.g. 'Transaction pages'. */
  label: string;
  className?: string;
}

/** Previous / 'Page X of Y' / Next, shared by every server-paginated list. */
export function Pagination({
  page,
  pageCount,
  busy = false,
  onPageChange,
  label,
  className,
}: PaginationProps) {
  return (
    <nav aria-label={label} className={cn('flex items-center justify-between gap-3', className)}>
      <Button
        variant="outline"
        size="sm"
        onClick={() => onPageChange(page - 1)}
        disabled={page <= 1 || busy}
      >
        <ChevronLeft aria-hidden="true" className="size-4" />
        Previous
      </Button>
      <span className="tabular-nums">
        Page {page} of {pageCount}
      </span>
      <Button
        variant="outline"
        size="sm"
        onClick={() => onPageChange(page + 1)}
        disabled={page >= pageCount || busy}
      >
        Next
        <ChevronRight aria-hidden="true" className="size-4" />
      </Button>
    </nav>
  );
}

export interface ListPaginationProps extends Omit<PaginationProps, 'pageCount' | 'busy'> {
  /** The query of the page shown: its total and page size count the pages; it is busy while fetching. */
  query: { data: { total: number; pageSize: number } | undefined; isFetching: boolean };
  /** Show 'Page 1 of 1' too, rather than nothing, when every row fits on one page. */
  showSinglePage?: boolean;
}

/**
 * The pagination under a list paged on the server, fed by that page's query. Nothing while the
 * first page loads or when the list is empty, nor, unless `showSinglePage`, when one page holds it.
 */
export function ListPagination({
  query,
  showSinglePage = false,
  ...pagination
}: ListPaginationProps) {
  const list = query.data;
  if (!list || list.total === 0 || (!showSinglePage && list.total <= list.pageSize)) return null;
  return <Pagination {...pagination} pageCount={countPages(list)} busy={query.isFetching} />;
}

interface TotalFooterProps extends Omit<PaginationProps, 'className'> {
  /** Unknown while the first page loads ('–'). */
  total: number | undefined;
  /** What is counted, singular and plural: ['user', 'users']. */
  noun: readonly [string, string];
}

/** 'Total: N users' beside the pagination, under an admin table. */
export function TotalFooter({ total, noun, ...pagination }: TotalFooterProps) {
  return (
    <div className="flex flex-col gap-3 border-t border-border p-4 text-sm sm:flex-row sm:items-center sm:justify-between">
      <p className="text-muted-foreground">
        Total: {total === undefined ? '–' : formatCount(total)} {total === 1 ? noun[0] : noun[1]}
      </p>
      <Pagination {...pagination} className="sm:justify-end" />
    </div>
  );
}
