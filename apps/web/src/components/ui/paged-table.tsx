import { countPages } from '#web/hooks/use-paged-search.ts';
import { formatCount } from '#web/lib/format.ts';
import { DataTable, type DataTableProps, type PageQuery } from './data-table.tsx';
import { TotalFooter } from './pagination.tsx';

export interface PagedTableProps<Item> extends DataTableProps<Item> {
  query: PageQuery<Item> & { data: { total: number; pageSize: number } | undefined };
  /** What is counted, singular and plural: ['user', 'users']. */
  noun: readonly [string, string];
  /** Told to screen readers while the first page loads. */
  loadingStatus?: string;
  /** Names the pagination landmark, e.g. 'User pages'. */
  pagesLabel: string;
  page: number;
  onPageChange: (page: number) => void;
}

/**
 * One page of a list searched and paged on the server, as an admin panel shows it: the count told
 * to screen readers, the table, then 'Total: N users' beside the pagination, its pages counted
 * from the page's total and size.
 */
export function PagedTable<Item>({
  noun,
  loadingStatus,
  pagesLabel,
  page,
  onPageChange,
  ...table
}: PagedTableProps<Item>) {
  const { data, isPending, isFetching } = table.query;
  return (
    <>
      <p role="status" className="sr-only">
        {isPending ? loadingStatus : data && `${formatCount(data.total)} ${noun[1]} found`}
      </p>
      <DataTable {...table} />
      <TotalFooter
        total={data?.total}
        noun={noun}
        label={pagesLabel}
        page={page}
        pageCount={countPages(data)}
        busy={isFetching}
        onPageChange={onPageChange}
      />
    </>
  );
}
