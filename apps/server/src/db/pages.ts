/** Which page of a numbered list (page 1 first) and how many rows a page holds. */
export interface NumberedPageQuery {
  page: number;
  pageSize: number;
}

/**
 * One page of a numbered list with the total under the same filter, both asked for at once:
 * `rows` gets the page's LIMIT and OFFSET, `total` is a `select({ value: count() })`.
 */
export async function numberedPage<Row>(
  { page, pageSize }: NumberedPageQuery,
  rows: (limit: number, offset: number) => PromiseLike<Row[]>,
  total: PromiseLike<{ value: number }[]>,
) {
  const [items, [counted]] = await Promise.all([rows(pageSize, (page - 1) * pageSize), total]);
  return { items, total: counted?.value ?? 0, page, pageSize };
}
