import { useSearchParams } from 'react-router';

export function pageFromSearch(searchParams: URLSearchParams): number {
  const parsed = Number(searchParams.get('page'));
  return Number.isInteger(parsed) && parsed > 0 ? parsed : 1;
}

/**
 * The list page from `?page=N` (1 when missing or not a positive whole number), and a setter that
 * keeps it in the URL, so a page can be linked, reloaded and left with the Back button.
 */
export function usePageParam(): [number, (page: number) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageFromSearch(searchParams);
  const setPage = (next: number) =>
    setSearchParams((params) => {
      if (next > 1) params.set('page', String(next));
      else params.delete('page');
      return params;
    });
  return [page, setPage];
}
