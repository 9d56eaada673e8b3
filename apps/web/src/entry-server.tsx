// The server's renderer of the public pages (docs/decisions/016): built by `vite build --ssr` into
// dist-ssr/ and called by the server's page route (apps/server/src/plugins/spa.ts).
import { AsyncLocalStorage } from 'node:async_hooks';
import { dehydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { App } from './app/app.tsx';
import { routes } from './app/router.tsx';
import { setServerFetch } from './lib/api-client.ts';
import type { PublicPageHandle } from './lib/public-page.ts';
import { createQueryClient } from './lib/query-client.ts';
import { setRenderEnvironment } from './lib/render-environment.ts';
import { SERVER_DATA_ELEMENT_ID, serializeForScript } from './lib/server-rendered.ts';
import { sessionQueryOptions } from './lib/session.ts';

type Fetch = (url: string, init: RequestInit) => Promise<Response>;

export interface RenderRequest {
  /** The page's path and query. */
  url: string;
  /** The site's configured origin, for links that compare against it. */
  origin: string;
  /** Reads the API as the caller: the server answers in process, with the caller's cookie. */
  fetch: Fetch;
}

export interface RenderedPage {
  /** The app's markup, for inside #root. */
  html: string;
  /** The element that carries the router's and the queries' state to the browser. */
  dataScript: string;
}

const fetchOfRender = new AsyncLocalStorage<Fetch>();
setServerFetch(() => fetchOfRender.getStore());

const { query, dataRoutes } = createStaticHandler(routes);

/**
 * The page at `url` rendered to HTML with the data it shows, or null when it cannot be (a
 * redirect, or a query that failed, such as a post that does not exist): the server then sends
 * the app's shell, which renders in the browser as before.
 */
export async function render(request: RenderRequest): Promise<RenderedPage | null> {
  const url = new URL(request.url, request.origin);
  const context = await query(new Request(url));
  if (context instanceof Response || context.errors) return null;

  const queryClient = createQueryClient({ retry: false });
  try {
    await fetchOfRender.run(request.fetch, () =>
      Promise.all([
        // Every page's header shows who is signed in.
        queryClient.fetchQuery(sessionQueryOptions()),
        ...context.matches.map((match) =>
          (match.route.handle as PublicPageHandle | undefined)?.prefetch(queryClient, {
            params: match.params,
            searchParams: url.searchParams,
          }),
        ),
      ]),
    );
  } catch {
    queryClient.clear();
    return null;
  }

  const router = createStaticRouter(dataRoutes, context);
  const renderedAt = Date.now();
  // renderToString is synchronous: no other render runs between these lines.
  setRenderEnvironment({ at: renderedAt, origin: request.origin });
  let html: string;
  try {
    html = renderToString(
      <StrictMode>
        <App queryClient={queryClient}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </App>
      </StrictMode>,
    );
  } finally {
    setRenderEnvironment(null);
  }
  const data = serializeForScript({
    router: {
      loaderData: context.loaderData,
      actionData: context.actionData,
      errors: context.errors,
    },
    queries: dehydrate(queryClient),
    renderedAt,
    origin: request.origin,
  });
  queryClient.clear();
  return {
    html,
    dataScript: `<script type="application/json" id="${SERVER_DATA_ELEMENT_ID}">${data}</script>`,
  };
}
