import { hydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import { App } from './app/app.tsx';
import { routes } from './app/router.tsx';
import { createQueryClient } from './lib/query-client.ts';
import { setRenderEnvironment } from './lib/render-environment.ts';
import { readServerRenderedData } from './lib/server-rendered.ts';
import './styles.css';

/**
 * The route modules of the page the server rendered are loaded before hydrating, so the first
 * render in the browser is the page itself and not the router's loading state (react-router's
 * documented way to hydrate lazy routes).
 */
async function loadMatchedRoutes() {
  const lazyMatches = matchRoutes(routes, window.location)?.filter((match) => match.route.lazy);
  await Promise.all(
    (lazyMatches ?? []).map(async ({ route }) => {
      const module = await (route.lazy as () => Promise<Record<string, unknown>>)();
      Object.assign(route, { ...module, lazy: undefined });
    }),
  );
}

async function start() {
  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element');
  const queryClient = createQueryClient();
  const rendered = readServerRenderedData();
  if (!rendered) {
    const router = createBrowserRouter(routes);
    createRoot(root).render(
      <StrictMode>
        <App queryClient={queryClient}>
          <RouterProvider router={router} />
        </App>
      </StrictMode>,
    );
    return;
  }
  // The page's data was current when the page was sent (a kept page is dropped on every change,
  // docs/decisions/016), however long ago it was rendered: it is not asked for again at once.
  const sentAt = Date.now();
  for (const query of rendered.queries.queries) query.state.dataUpdatedAt = sentAt;
  hydrate(queryClient, rendered.queries);
  await loadMatchedRoutes();
  setRenderEnvironment({ at: rendered.renderedAt, origin: rendered.origin });
  const router = createBrowserRouter(routes, { hydrationData: rendered.router });
  hydrateRoot(
    root,
    <StrictMode>
      <App queryClient={queryClient}>
        <RouterProvider router={router} />
      </App>
    </StrictMode>,
  );
  // React listens on the page now: the buttons pressed before it did are pressed again
  // (public/first-paint.js), and React hydrates what they are in at once to handle them.
  document.dispatchEvent(new Event('btcp:hydrating'));
}

void start();
