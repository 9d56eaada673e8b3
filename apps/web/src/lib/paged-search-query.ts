import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';

/** What an admin table asks the server for: the search text (empty for all) and the page. */
export interface PagedSearchParams {
  search: string;
  page: number;
}

interface PagedSearchList {
  /** The list's cache key; the page's key adds the params. */
  key: readonly string[];
  /** The endpoint, e.g. '/admin/users'; it answers `?page=&pageSize=&search=`. */
  path: string;
  pageSize: number;
}

/** The query of one page of a list searched and paged on the server. */
export const pagedSearchQueryOptions = <Page>(
  { key, path, pageSize }: PagedSearchList,
  { search, page }: PagedSearchParams,
) =>
  queryOptions({
    queryKey: [...key, { search, page }],
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
      if (search) query.set('search', search);
      return apiRequest<Page>(`${path}?${query}`, { signal });
    },
    // The table keeps showing the last page while the next search or page loads.
    placeholderData: keepPreviousData,
  });
