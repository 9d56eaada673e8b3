import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { type Location, MemoryRouter, type RouteObject, useLocation } from 'react-router';
import { Toaster, toast } from 'sonner';
import { RouteTable } from '../lib/route-table.tsx';

/** The app's router is the declarative one: a test reads where it is through what this keeps. */
function TrackLocation({ into }: { into: { location: Location } }) {
  into.location = useLocation();
  return null;
}

/**
 * Renders `element` on every path of a memory router (so it stays mounted across navigation) with a
 * fresh query client that does not retry. `routes` adds pages that win over it, e.g. a redirect target.
 */
export function renderRoute(
  element: ReactNode,
  { path = '/', routes = [] }: { path?: string; routes?: RouteObject[] } = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = { state: { location: undefined as unknown as Location } };
  const table = [...routes, { path: '*', element }];
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <TrackLocation into={router.state} />
        <RouteTable routes={table} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, router };
}

/**
 * `renderRoute` with a toaster beside the router (as in the app), so a test can read the toasts a
 * user would see, even after the page has moved on.
 */
export function renderWithToasts(element: ReactNode, options?: Parameters<typeof renderRoute>[1]) {
  // Sonner keeps toasts in a module-wide store and replays them to a new Toaster, so the previous
  // test's toasts are dismissed first.
  toast.dismiss();
  render(<Toaster />);
  return renderRoute(element, options);
}
