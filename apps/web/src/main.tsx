import type { SessionState } from '@btcp/shared/session';
import { hydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/app.tsx';
import { loadMemberFrame } from './app/layouts/community-frame.tsx';
import { routes } from './app/router.tsx';
import { createQueryClient } from './lib/query-client.ts';
import { setSentPageEnvironment } from './lib/render-environment.ts';
import { loadMatchedPages, RouteTable } from './lib/route-table.tsx';
import { readServerRenderedData } from './lib/server-rendered.ts';
import { sessionQueryKey } from './lib/session.ts';
import './styles.css';

async function start() {
  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element');
  const queryClient = createQueryClient();
  const app = (
    <StrictMode>
      <App queryClient={queryClient}>
        <BrowserRouter>
          <RouteTable routes={routes} />
        </BrowserRouter>
      </App>
    </StrictMode>
  );
  const rendered = readServerRenderedData();
  if (!rendered) {
    createRoot(root).render(app);
    return;
  }
  // The page's data was current when the page was sent (a kept page is dropped on every change,
  // docs/decisions/016), however long ago it was rendered: it is not asked for again at once.
  const sentAt = Date.now();
  for (const query of rendered.queries.queries) query.state.dataUpdatedAt = sentAt;
  hydrate(queryClient, rendered.queries);
  setSentPageEnvironment({ at: rendered.renderedAt, origin: rendered.origin });
  // The page's own modules first, so hydrating renders the page and not a loading state.
  const member = Boolean(queryClient.getQueryData<SessionState>(sessionQueryKey)?.user);
  await Promise.all([
    loadMatchedPages(routes, window.location),
    loadMemberFrame(member, window.location.pathname),
  ]);
  hydrateRoot(root, app);
  // React listens on the page now: the buttons pressed before it did are pressed again
  // (public/first-paint.js), and React hydrates what they are in at once to handle them.
  document.dispatchEvent(new Event('btcp:hydrating'));
}

void start();

// The service worker is registered from a chunk of its own once the page has loaded, so the first
// visit neither downloads nor waits for it (docs/decisions/061). A page the server rendered starts
// the app after its load event.
const startServiceWorker = () =>
  void import('./features/app-install/lib/service-worker.ts').then((module) =>
    module.startServiceWorker(),
  );
if (document.readyState === 'complete') startServiceWorker();
else window.addEventListener('load', startServiceWorker, { once: true });
