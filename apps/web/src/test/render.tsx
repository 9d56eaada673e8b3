import type { SessionState } from '@btcp/shared/session';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { vi } from 'vitest';

/** Answers GET /api/auth/session as the server would; `null` makes the call fail like a network error. */
export function stubSession(session: SessionState | null) {
  const fetchMock = vi.fn(async () => {
    if (!session) throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(session), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export const signedOut: SessionState = { user: null, admin: null };
export const signedInUser: SessionState = {
  user: { id: 'u1', email: 'miner@example.com', isBanned: false, isModerator: false },
  admin: null,
};
export const signedInAdmin: SessionState = {
  user: null,
  admin: { id: 'a1', email: 'admin@example.com' },
};

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
