import { useState } from 'react';
import { useDebouncedValue } from './use-debounced-value.ts';

const SEARCH_DELAY_MS = 300;

export interface PagedSearch {
  /** What is in the search box, as typed. */
  searchText: string;
  setSearchText: (text: string) => void;
  /** The trimmed search once typing pauses: what the server is asked for. */
  search: string;
  page: number;
  setPage: (page: number) => void;
}

/**
 * The state of a server-searched, server-paged admin list: a search box that asks the server per
 * pause, not per key, and a page number that starts again at 1 for every new search.
 */
export function usePagedSearch(delayMs = SEARCH_DELAY_MS): PagedSearch {
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), delayMs);
  // A page number belongs to the search it was chosen for; a new search starts at page 1.
  const [paging, setPaging] = useState({ search: '', page: 1 });
  const page = paging.search === search ? paging.page : 1;
  const setPage = (next: number) => setPaging({ search, page: next });
  return { searchText, setSearchText, search, page, setPage };
}

/** How many pages a list of `total` rows has, at least one (an empty list still shows page 1). */
export function countPages(list: { total: number; pageSize: number } | undefined): number {
  return list ? Math.max(1, Math.ceil(list.total / list.pageSize)) : 1;
}
