import type { ApiError } from '@btcp/shared';
import { ErrorCode } from '@btcp/shared/error-codes';
import type { Fetch } from '@btcp/shared/server-render';

/** A failed API call, carrying the server's error code, message and field errors. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields: Record<string, string> = {},
    /** Seconds to wait before trying again, from a 429 or 503 answer's Retry-After header. */
    readonly retryAfter: number | null = null,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers, e.g. an Idempotency-Key. */
  headers?: Record<string, string>;
  /** 'no-cache' asks the server again even for an answer it let the browser keep a while. */
  cache?: RequestCache;
}

let serverFetch: () => Fetch | undefined = () => undefined;

/**
 * The server's renderer (entry-server.tsx) reads the API inside its own process, as the caller,
 * through the same calls the browser makes; the lookup gives the fetch of the render in progress.
 */
export function setServerFetch(lookup: () => Fetch | undefined) {
  serverFetch = lookup;
}

function isApiError(payload: unknown): payload is ApiError {
  const error = (payload as ApiError | undefined)?.error;
  return typeof error?.code === 'string' && typeof error.message === 'string';
}

/**
 * Calls the API with JSON. Responses are typed by the shared schemas (`z.infer`) and checked by the
 * server's response schemas before they leave it, so the browser does not ship zod to parse them
 * again (docs/decisions/002).
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  const init: RequestInit = {
    method: options.method ?? 'GET',
    credentials: 'same-origin',
    headers,
    signal: options.signal,
    cache: options.cache,
  };
  if (options.body instanceof FormData) {
    // Uploads: the browser writes the multipart content type with its boundary.
    init.body = options.body;
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }
  const response = await (serverFetch() ?? fetch)(`/api${path}`, init);
  const payload: unknown =
    response.status === 204 ? undefined : await response.json().catch(() => undefined);
  if (!response.ok) {
    const retryAfter = Number(response.headers.get('retry-after')) || null;
    if (isApiError(payload)) {
      const { code, message, fields } = payload.error;
      // The server sends only codes of the shared list (packages/shared/src/api-error.ts).
      throw new ApiRequestError(response.status, code as ErrorCode, message, fields, retryAfter);
    }
    throw new ApiRequestError(response.status, ErrorCode.httpError, 'An unexpected error occurred');
  }
  return payload as T;
}
