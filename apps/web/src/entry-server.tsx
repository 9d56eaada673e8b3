// The server's renderer of the public pages (docs/decisions/016, 018): built by `vite build --ssr`
// into dist-ssr/ and called by the server's page route (apps/server/src/plugins/spa.ts).
import { AsyncLocalStorage } from 'node:async_hooks';
import { Writable } from 'node:stream';
import type { Fetch, RenderedPage, RenderRequest } from '@btcp/shared/server-render';
import { dehydrate } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { App } from './app/app.tsx';
import { routes } from './app/router.tsx';
import { setServerFetch } from './lib/api-client.ts';
import { createQueryClient } from './lib/query-client.ts';
import { type RenderEnvironment, setServerRenderEnvironment } from './lib/render-environment.ts';
import { loadMatchedPages, RouteTable } from './lib/route-table.tsx';
import { SERVER_DATA_ELEMENT_ID, serializeForScript } from './lib/server-rendered.ts';
import { sessionQueryOptions } from './lib/session.ts';

/** What a render in progress reads: its caller's fetch, and the moment and origin it shows. */
const currentRender = new AsyncLocalStorage<{ fetch: Fetch; environment?: RenderEnvironment }>();
setServerFetch(() => currentRender.getStore()?.fetch);
setServerRenderEnvironment(() => currentRender.getStore()?.environment);

/**
 * React's streaming renderer, read to the end: the page's data is loaded before it renders, so
 * nothing suspends and the markup is whole when every boundary is ready. A page is kept and
 * compressed once for every visitor (docs/decisions/016), so it is sent whole, without the inline
 * scripts a streamed boundary would need (the CSP allows none).
 */
function renderToHtml(element: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        resolve(Buffer.concat(chunks).toString('utf8'));
        done();
      },
    });
    let failed = false;
    const stream = renderToPipeableStream(element, {
      // Every boundary stays in place in the markup: React would otherwise move a large one out
      // to the end and put it back with an inline script.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady: () => {
        if (!failed) stream.pipe(sink);
      },
      onShellError: reject,
      onError: (error) => {
        failed = true;
        reject(error);
      },
    });
  });
}

/**
 * The page at `url` rendered to HTML with the data it shows, or null when it cannot be (no page
 * there, or a query that failed, such as a post that does not exist): the server then sends the
 * app's shell, which renders in the browser as before.
 */
export async function render(request: RenderRequest): Promise<RenderedPage | null> {
  const url = new URL(request.url, request.origin);
  const queryClient = createQueryClient({ retry: false });
  try {
    const pages = await loadMatchedPages(routes, url.pathname);
    if (pages.length === 0) return null;
    await currentRender.run({ fetch: request.fetch }, () =>
      Promise.all([
        // Every page's header shows who is signed in.
        queryClient.fetchQuery(sessionQueryOptions()),
        ...pages.map(({ module, params }) =>
          module.handle?.prefetch(queryClient, { params, searchParams: url.searchParams }),
        ),
      ]),
    );
  } catch {
    queryClient.clear();
    return null;
  }

  const renderedAt = Date.now();
  const environment = { at: renderedAt, origin: request.origin };
  let html: string;
  try {
    html = await currentRender.run({ fetch: request.fetch, environment }, () =>
      renderToHtml(
        <StrictMode>
          <App queryClient={queryClient}>
            <StaticRouter location={url.pathname + url.search}>
              <RouteTable routes={routes} />
            </StaticRouter>
          </App>
        </StrictMode>,
      ),
    );
  } catch {
    queryClient.clear();
    return null;
  }
  const data = serializeForScript({
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
