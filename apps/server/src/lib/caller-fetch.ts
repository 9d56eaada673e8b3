import type { Fetch } from '@btcp/shared/server-render';
import type { FastifyInstance, FastifyRequest } from 'fastify';

interface Answer {
  status: number;
  body: string;
  contentType: string;
}

/**
 * Reads the API as the caller, inside this process: the same routes, guards and caches the
 * browser's requests meet, with the caller's cookie (so their votes and header are right). One
 * page's reads: an address read twice (a post's link preview, then its render) is read once.
 */
export function callerFetch(app: FastifyInstance, request: FastifyRequest): Fetch {
  const answers = new Map<string, Promise<Answer>>();
  const read = async (url: string): Promise<Answer> => {
    const response = await app.inject({
      method: 'GET',
      url,
      remoteAddress: request.ip,
      headers: {
        accept: 'application/json',
        ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}),
      },
    });
    return {
      status: response.statusCode,
      body: response.body,
      contentType: String(response.headers['content-type'] ?? ''),
    };
  };
  return async (url, init) => {
    if ((init.method ?? 'GET') !== 'GET') throw new Error('a page is rendered by reading only');
    let answer = answers.get(url);
    if (!answer) {
      answer = read(url);
      answers.set(url, answer);
    }
    const { status, body, contentType } = await answer;
    const empty = status === 204 || status === 304;
    return new Response(empty ? null : body, { status, headers: { 'content-type': contentType } });
  };
}

/** The JSON at `url` read as the caller, or null when it is not there for them. */
export async function readAsCaller<T>(fetch: Fetch, url: string): Promise<T | null> {
  const response = await fetch(url, { method: 'GET' });
  return response.status === 200 ? ((await response.json()) as T) : null;
}
