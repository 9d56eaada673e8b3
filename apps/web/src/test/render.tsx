import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { Toaster, toast } from 'sonner';

/**
 * Renders `element` on every path of a memory router (so it stays mounted across navigation) with a
 * fresh query client that does not retry. `routes` adds pages that win over it, e.g. a redirect target.
 */
export function renderRoute(
  element: ReactNode,
  { path = '/', routes = [] }: { path?: string; routes?: RouteObject[] } = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([...routes, { path: '*', element }], {
    initialEntries: [path],
  });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
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
