import { randomInt } from 'node:crypto';
import { ErrorCode, type RealtimeEvent } from '@btcp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, unauthorized } from '#server/errors.ts';
import { routeOptions } from '#server/lib/routes.ts';
import { hashToken } from '#server/lib/tokens.ts';
import { requireUser, signedInUser } from '../auth/guards.ts';
import { sessionToken } from '../auth/sessions.ts';
import { eventStreamWriter } from './stream-writer.ts';

const route = routeOptions(['realtime']);

/**
 * Under the 60 s after which common proxies close an idle connection; a stream that carries a
 * miner's reward every minute then needs one heartbeat a minute, not two (decision 035).
 */
const HEARTBEAT_MS = 45_000;
/**
 * Open streams one session may hold in one process: a stream per open tab of the app, and five
 * tabs of one account side by side is already generous; a script that opens hundreds gets a 429.
 */
export const MAX_STREAMS_PER_SESSION = 5;

/**
 * GET /api/events: the signed-in user's Server-Sent Events stream, with a heartbeat after 45 s of
 * silence (decisions 008 and 035).
 */
export const realtimeRoutes: FastifyPluginAsyncZod = async (app) => {
  // Streams never end by themselves; end them so a graceful shutdown does not wait on them, and
  // spread their return over the window so another process is not met by all of them at once.
  app.addHook('preClose', async () => app.realtime.endAll());
  app.get(
    '/events',
    {
      ...route('Server-Sent Events: balance, transactions, mining', { onRequest: requireUser }),
      // Its length is the tab's, not a request's duration (docs/decisions/032).
      config: { untimed: true },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      // The guard found the session by this cookie.
      const token = sessionToken(request, 'user');
      if (!token) throw unauthorized('You need to sign in first');
      const sessionHash = hashToken(token);
      if (app.realtime.streamsOfSession(user.id, sessionHash) >= MAX_STREAMS_PER_SESSION) {
        throw new AppError(
          429,
          ErrorCode.tooManyStreams,
          `At most ${MAX_STREAMS_PER_SESSION} live-update connections per session: close another tab of the app.`,
          undefined,
          { 'retry-after': '30' },
        );
      }
      // The stream is written by hand, past compression and serialization.
      reply.hijack();
      const raw = reply.raw;
      // `close`: a stream's connection ends with it. Kept alive, the client pooled it once the
      // stream ended and sent its reopen on it, racing the closing process's sweep of idle
      // connections: the reopen failed with a reset in a rolling restart (decision 037).
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'close',
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
      });
      // 1 to 3 s, so the browsers of one dropped connection do not all come back in one second.
      raw.write(`retry: ${1000 + randomInt(2001)}\n: connected\n\n`);
      const writer = eventStreamWriter(raw, HEARTBEAT_MS);
      const close = () => {
        writer.stop();
        unsubscribe();
      };
      const end = (retryMs?: number) => {
        close();
        // `retry` for any EventSource; `reconnect` for our page, which keeps its own back-off.
        raw.end(
          retryMs === undefined
            ? undefined
            : `retry: ${retryMs}\nevent: reconnect\ndata: ${retryMs}\n\n`,
        );
      };
      const unsubscribe = app.realtime.subscribe({
        userId: user.id,
        sessionHash,
        send: (event: RealtimeEvent) => writer.write(`data: ${JSON.stringify(event)}\n\n`),
        // The session ended (or the account changed): the browser reconnects and learns which.
        end,
      });
      request.raw.on('close', close);
    },
  );
};
