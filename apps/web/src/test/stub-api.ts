import type { ErrorCode } from '@btcp/shared/error-codes';
import type { SessionState } from '@btcp/shared/session';
import { vi } from 'vitest';
import { proofOfWorkRoutes } from './proof-of-work.ts';

/** What GET /auth/session answers for a visitor, a member and an admin. */
export const signedOut: SessionState = { user: null, admin: null };
export const signedInUser: SessionState = {
  user: { id: 'u1', email: 'miner@example.com', isBanned: false, isModerator: false },
  admin: null,
};
export const signedInAdmin: SessionState = {
  user: null,
  admin: { id: 'a1', email: 'admin@example.com' },
};

/** One request the page sent: the path is the part after /api, without the query. */
export interface ApiCall {
  method: string;
  path: string;
  query: URLSearchParams;
  /** The parsed JSON body; undefined when there was none (or it was not JSON, e.g. an upload). */
  body: unknown;
  url: URL;
}

export interface ApiReply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** An answer, or a function of the call; throwing makes the call fail like a network error. */
export type ApiRoute = ApiReply | ((call: ApiCall) => ApiReply | Promise<ApiReply>);

/** Routes keyed by 'METHOD /path', e.g. 'GET /wallet'. */
export type ApiRoutes = Record<string, ApiRoute>;

/** The API's error shape (packages/shared/src/api-error.ts). */
export function apiError(
  status: number,
  code: ErrorCode,
  message: string,
  fields?: Record<string, string>,
): ApiReply {
  return { status, body: { error: { code, message, ...(fields ? { fields } : {}) } } };
}

/**
 * Answers fetch as the API would, by 'METHOD /path' (without /api and the query): GET /auth/session
 * answers `session` and GET /auth/challenge a real challenge unless a route says otherwise, and
 * anything unknown gets a 404. Returns the
 * mock, every call it received, and `sent(key)`: the JSON bodies sent to one endpoint, in order.
 */
export function stubApi(routes: ApiRoutes, session: SessionState = signedOut) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const call: ApiCall = {
      method: init?.method ?? 'GET',
      path: url.pathname.replace(/^\/api/, ''),
      query: url.searchParams,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      url,
    };
    calls.push(call);
    const key = `${call.method} ${call.path}`;
    const fallback: ApiReply =
      key === 'GET /auth/session' ? { body: session } : apiError(404, 'NOT_FOUND', 'Not found');
    // The sign-up forms' proof of work (decision 031) is real in every test, unless a test says.
    const route = routes[key] ?? proofOfWorkRoutes()[key] ?? fallback;
    const reply = typeof route === 'function' ? await route(call) : route;
    const status = reply.status ?? 200;
    return new Response(status === 204 ? null : JSON.stringify(reply.body ?? {}), {
      status,
      headers: { 'content-type': 'application/json', ...reply.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    calls,
    sent: (key: string) =>
      calls.filter((call) => `${call.method} ${call.path}` === key).map((call) => call.body),
  };
}
