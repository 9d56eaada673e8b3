import { type AnyColumn, ilike, or, type SQL } from 'drizzle-orm';

/** A LIKE pattern matching `text` anywhere, with the user's own % and _ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The query of a server-searched, server-paged admin list: pages count from 1. */
export interface SearchPageQuery {
  search?: string;
  page: number;
  pageSize: number;
}

/** Rows where any of `columns` contains `search`, case-insensitively; every row without a search. */
export function containingAnywhere(
  search: string | undefined,
  columns: readonly AnyColumn[],
): SQL | undefined {
  if (!search) return undefined;
  const pattern = containsPattern(search);
  return or(...columns.map((column) => ilike(column, pattern)));
}
