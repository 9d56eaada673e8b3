import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';

export interface PrefetchArgs {
  params: Params;
  searchParams: URLSearchParams;
}

/**
 * The `handle` of a page the server renders (entry-server.tsx): the queries it shows at once, read
 * before rendering and handed to the browser with the HTML. A query a page leaves out renders its
 * loading state on the server and loads in the browser, as before. A prefetch that fails (a post
 * that does not exist) rejects, and the server sends the app's shell with its status instead.
 */
export interface PublicPageHandle {
  prefetch(queryClient: QueryClient, args: PrefetchArgs): Promise<unknown>;
}
