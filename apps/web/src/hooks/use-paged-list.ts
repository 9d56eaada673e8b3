import { useEffect } from 'react';
import type { PagedSearchParams } from '../lib/paged-search-query.ts';
import { useErrorToast } from './use-error-toast.ts';
import { countPages, type PagedSearch, usePagedSearch } from './use-paged-search.ts';

/** What usePagedList reads from the query of one page of a list. */
interface PageListQuery {
  data: { total: number; pageSize: number } | undefined;
  error: Error | null;
  errorUpdatedAt: number;
  isPlaceholderData: boolean;
}

export interface PagedList<Query> {
  paging: PagedSearch;
  query: Query;
  /** Said in the toast and across the table when the list could not be loaded. */
  failureMessage: string;
}

/**
 * A server-searched, server-paged admin list: its search and page state, the page's query (from
 * `useList`, one of the features' `use…` list hooks), a toast each time it fails to load, and a
 * step back when the page asked for no longer exists.
 */
export function usePagedList<Query extends PageListQuery>(
  useList: (params: PagedSearchParams) => Query,
  failure: { title: string; description?: string },
): PagedList<Query> {
  const paging = usePagedSearch();
  const { search, page, setPage } = paging;
  const query = useList({ search, page });
  const { data, isPlaceholderData } = query;
  useErrorToast(failure.title, query.error, query.errorUpdatedAt, failure.description);

  // Removing the last row of the last page leaves that page empty: step back to the new last one.
  const pageCount = countPages(data);
  useEffect(() => {
    if (data && !isPlaceholderData && page > pageCount) setPage(pageCount);
  }, [data, isPlaceholderData, page, pageCount, setPage]);

  return { paging, query, failureMessage: failure.title };
}
