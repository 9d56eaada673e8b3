import type { ReactNode } from 'react';
import { DataTable, type DataTableProps, type PageQuery } from './data-table.tsx';
import { ListPagination, type ListPaginationProps } from './pagination.tsx';
import { TableSkeletonRows } from './table.tsx';

interface PagedListTableProps<Item> extends Omit<DataTableProps<Item>, 'loading' | 'onRetry'> {
  query: PageQuery<Item> & {
    data: { total: number; pageSize: number } | undefined;
    refetch: () => unknown;
  };
  /** Told to screen readers while the first page loads. */
  loadingStatus: string;
  /** Shown instead of the table when the list has nothing in it at all. */
  empty: ReactNode;
  /** Classes of a box around the table, e.g. its inset in the card; without them, no box. */
  tableInset?: string;
  /** Width classes of a column's placeholder bars while the first page loads. */
  skeletonWidth: (column: string) => string;
  /** Stacked, the first column is labelled like the others rather than heading the row. */
  labelFirst?: boolean;
  pagination: Omit<ListPaginationProps, 'query' | 'className'>;
}

/**
 * A list paged on the server, inside a card: the loading status for screen readers, then either
 * what to show for an empty list or the page's table (placeholder rows while it loads, Try again
 * when it fails), then the pagination.
 */
export function PagedListTable<Item>({
  loadingStatus,
  empty,
  tableInset,
  skeletonWidth,
  labelFirst,
  pagination,
  ...table
}: PagedListTableProps<Item>) {
  const { query } = table;
  const dataTable = (
    <DataTable
      {...table}
      loading={
        <TableSkeletonRows
          columns={table.columns}
          labelFirst={labelFirst}
          // A placeholder row is not one to point at.
          className="hover:bg-transparent"
          skeletonWidth={skeletonWidth}
        />
      }
      onRetry={() => void query.refetch()}
    />
  );
  return (
    <>
      <p role="status" className="sr-only">
        {query.isPending ? loadingStatus : ''}
      </p>
      {query.data?.total === 0 ? (
        empty
      ) : tableInset ? (
        <div className={tableInset}>{dataTable}</div>
      ) : (
        dataTable
      )}
      <ListPagination
        {...pagination}
        query={query}
        className="border-t border-border p-4 text-sm"
      />
    </>
  );
}
