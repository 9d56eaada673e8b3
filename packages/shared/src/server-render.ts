/**
 * What the server and the web app's server entry (apps/web/src/entry-server.tsx) say to each other
 * when a page is rendered on the server (docs/decisions/016).
 */

/** Reads the API as the caller, inside the server's process: the browser's `fetch`, in short. */
export type Fetch = (url: string, init: RequestInit) => Promise<Response>;

export interface RenderRequest {
  /** The page's path and query. */
  url: string;
  /** The site's configured origin, for links that compare against it. */
  origin: string;
  fetch: Fetch;
}

export interface RenderedPage {
  /** The app's markup, for inside #root. */
  html: string;
  /** The element that carries the queries' state to the browser. */
  dataScript: string;
}

/** What the web app's server entry exports. */
export interface ServerEntry {
  render(request: RenderRequest): Promise<RenderedPage | null>;
}
