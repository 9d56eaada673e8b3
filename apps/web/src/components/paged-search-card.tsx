import { useId } from 'react';
import type { PagedList } from '../hooks/use-paged-list.ts';
import { SearchHeader, type SearchHeaderProps } from './search-header.tsx';
import { Card } from './ui/card.tsx';
import { PagedTable, type PagedTableProps } from './ui/paged-table.tsx';
import { TableSkeletonRows } from './ui/table.tsx';

interface PagedSearchCardProps<Item>
  extends Omit<
    PagedTableProps<Item>,
    'page' | 'onPageChange' | 'query' | 'loading' | 'errorMessage'
  > {
  /** The search box's placeholder and hidden label, and the refresh button's words. */
  searchBox: Pick<SearchHeaderProps, 'label' | 'placeholder' | 'refreshLabel'>;
  /** The search state and the page's query, from usePagedList. */
  list: PagedList<PagedTableProps<Item>['query'] & { refetch: () => unknown }>;
  /** The rows while the first page loads; placeholder rows by default. */
  loading?: PagedTableProps<Item>['loading'];
}

/**
 * A server-searched, server-paged admin list as a card: the search box and refresh button above
 * the paged table, both wired to the list's query and its search state.
 */
export function PagedSearchCard<Item>({
  searchBox,
  list: { paging, query, failureMessage },
  loading,
  ...table
}: PagedSearchCardProps<Item>) {
  const searchId = useId();
  const placeholders = <TableSkeletonRows columns={table.columns} className="max-sm:px-1" />;
  return (
    <Card>
      <SearchHeader
        {...searchBox}
        id={searchId}
        value={paging.searchText}
        onChange={paging.setSearchText}
        onRefresh={() => void query.refetch()}
        refreshing={query.isFetching}
      />
      <PagedTable
        {...table}
        query={query}
        errorMessage={failureMessage}
        loading={loading ?? placeholders}
        page={paging.page}
        onPageChange={paging.setPage}
      />
    </Card>
  );
}
