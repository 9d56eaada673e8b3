/**
 * The server lets a browser keep the public answers a minute; a check that must see the log as it
 * is now (a record just published, one just removed) asks with `fresh`.
 */
export interface ReadOptions {
  signal?: AbortSignal;
  fresh?: boolean;
}

export const readInit = ({ signal, fresh }: ReadOptions) => ({
  signal,
  cache: fresh ? ('no-cache' as const) : undefined,
});
