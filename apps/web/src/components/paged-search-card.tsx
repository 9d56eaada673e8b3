import type { PagedSearch } from '../hooks/use-paged-search.ts';
import { SearchHeader, type SearchHeaderProps } from './search-header.tsx';
import { Card } from './ui/card.tsx';
import { PagedTable, type PagedTableProps } from './ui/paged-table.tsx';

interface PagedSearchCardProps<Item> extends Omit<PagedTableProps<Item>, 'page' | 'onPageChange'> {
  /** The search box's id, hidden label and placeholder, and the refresh button's words. */
  searchBox: Pick<SearchHeaderProps, 'id' | 'label' | 'placeholder' | 'refreshLabel'>;
  /** The search text and page, from usePagedSearch. */
  paging: PagedSearch;
  query: PagedTableProps<Item>['query'] & { refetch: () => unknown };
}

/**
 * A server-searched, server-paged admin list as a card: the search box and refresh button above
 * the paged table, both wired to the list's query and its usePagedSearch state.
 */
export function PagedSearchCard<Item>({ searchBox, paging, ...table }: PagedSearchCardProps<Item>) {
  const { query } = table;
  return (
    <Card>
      <SearchHeader
        {...searchBox}
        value={paging.searchText}
        onChange={paging.setSearchText}
        onRefresh={() => void query.refetch()}
        refreshing={query.isFetching}
      />
      <PagedTable {...table} page={paging.page} onPageChange={paging.setPage} />
    </Card>
  );
}
