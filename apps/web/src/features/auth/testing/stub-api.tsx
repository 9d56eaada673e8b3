import type { SessionState } from '@btcp/shared/session';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Toaster, toast } from 'sonner';
import { vi } from 'vitest';
import { renderRoute } from '../../../test/render.tsx';

export interface ApiReply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

type Handler = ApiReply | ((request: { body: unknown; url: URL }) => ApiReply);

export const apiError = (status: number, code: string, message: string, fields?: object) => ({
  status,
  body: { error: { code, message, ...(fields ? { fields } : {}) } },
});

/**
 * Answers fetch as the API would, by 'METHOD /path' (without /api): GET /auth/session answers
 * `session` unless a route says otherwise, and anything unknown gets a 404. `sent(key)` lists the
 * JSON bodies the page sent to one endpoint.
 */
export function stubApi(routes: Record<string, Handler>, session: SessionState | null = null) {
  const sentBodies: { key: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname.replace(/^\/api/, '')}`;
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    sentBodies.push({ key, body });
    const fallback: ApiReply =
      key === 'GET /auth/session'
        ? { body: session ?? { user: null, admin: null } }
        : apiError(404, 'NOT_FOUND', 'Not found');
    const handler = routes[key] ?? fallback;
    const reply = typeof handler === 'function' ? handler({ body, url }) : handler;
    const status = reply.status ?? 200;
    return new Response(status === 204 ? null : JSON.stringify(reply.body ?? {}), {
      status,
      headers: { 'content-type': 'application/json', ...reply.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    sent: (key: string) => sentBodies.filter((call) => call.key === key).map((call) => call.body),
  };
}

/**
 * `renderRoute` with a toaster beside the router (as in the app), so a test can read the toasts a
 * user would see, even after the page has moved on.
 */
export function renderWithToasts(element: ReactNode, options?: Parameters<typeof renderRoute>[1]) {
  // Sonner keeps toasts in a module-level store; a new toaster would show the last test's too.
  toast.dismiss();
  render(<Toaster />);
  return renderRoute(element, options);
}

/** jsdom has no ResizeObserver; Radix's checkbox measures itself with one. */
export function stubResizeObserver() {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}
