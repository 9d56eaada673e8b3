import { vi } from 'vitest';

export interface ApiCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export interface MockReply {
  status?: number;
  body?: unknown;
}

/** An answer, or a function of the call; throwing makes the call fail like a network error. */
export type MockRoute = MockReply | ((call: ApiCall) => MockReply | Promise<MockReply>);

export function json(status: number, body: unknown): MockReply {
  return { status, body };
}

export function apiError(status: number, message: string, fields?: Record<string, string>) {
  const code =
    { 401: 'UNAUTHORIZED', 403: 'FORBIDDEN', 429: 'RATE_LIMITED' }[status] ?? 'BAD_REQUEST';
  return json(status, { error: { code, message, fields } });
}

/**
 * Stubs `fetch` with a tiny API keyed by 'METHOD /path' (the path after /api, without the query).
 * Unknown calls answer 404, as the server would. Returns the mock and the calls it received.
 */
export function mockApi(routes: Record<string, MockRoute>) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const path = url.pathname.replace(/^\/api/, '');
    const call: ApiCall = {
      method,
      path,
      query: url.searchParams,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const route = routes[`${method} ${path}`];
    const reply = typeof route === 'function' ? await route(call) : route;
    const { status = 200, body } = reply ?? apiError(404, 'Not found');
    return new Response(status === 204 ? null : JSON.stringify(body ?? {}), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls };
}
