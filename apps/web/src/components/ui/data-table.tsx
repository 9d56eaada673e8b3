import type { ReactNode } from 'react';
import { Table, TableBody, TableColumnsRow, TableHeader, TableMessageRow } from './table.tsx';

/** What a table reads from the query of one page of a list. */
export interface PageQuery<Item> {
  data: { items: readonly Item[] } | undefined;
  isPending: boolean;
  isFetching: boolean;
  isError: boolean;
}

export interface DataTableProps<Item> {
  /** Names the table's scrolling region. */
  label: string;
  columns: readonly string[];
  /** The columns whose heading is right-aligned. */
  alignEnd?: readonly string[];
  query: PageQuery<Item>;
  /** The rows while the first page loads: placeholder rows or a message row. */
  loading: ReactNode;
  /** Said across the table when the first page could not be loaded. */
  errorMessage: ReactNode;
  /** Offers Try again beside the error message. */
  onRetry?: () => void;
  /** Said across the table when the list is empty; without it an empty list shows no rows. */
  emptyMessage?: ReactNode;
  /** One item's row, keyed. */
  row: (item: Item) => ReactNode;
}

/**
 * One page of a list as a stacked table: the column headings, then the loading rows, the error,
 * the empty message or a row per item. It is busy while any page is fetched.
 */
export function DataTable<Item>({
  label,
  columns,
  alignEnd,
  query,
  loading,
  errorMessage,
  onRetry,
  emptyMessage,
  row,
}: DataTableProps<Item>) {
  const { data } = query;
  return (
    <Table stacked label={label} aria-busy={query.isFetching || undefined}>
      <TableHeader>
        <TableColumnsRow columns={columns} alignEnd={alignEnd} />
      </TableHeader>
      <TableBody>
        {query.isPending && loading}
        {query.isError && !data && (
          <TableMessageRow colSpan={columns.length} onRetry={onRetry}>
            {errorMessage}
          </TableMessageRow>
        )}
        {emptyMessage !== undefined && data?.items.length === 0 && (
          <TableMessageRow colSpan={columns.length}>{emptyMessage}</TableMessageRow>
        )}
        {data?.items.map(row)}
      </TableBody>
    </Table>
  );
}
