import { randomInt } from 'node:crypto';
import { ErrorCode } from '@btcp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, unauthorized } from '#server/errors.ts';
import { routeOptions } from '#server/lib/routes.ts';
import { hashToken } from '#server/lib/tokens.ts';
import { requireUser, sessionToken, signedInUser } from '#server/modules/auth/index.ts';
import { openEventStream } from './streams.ts';

const route = routeOptions(['realtime']);

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
  // spread their return over the window so another process is not met by all of them at once. In
  // a rolling restart they are handed to the new processes instead (decision 042).
  app.addHook('preClose', async () => app.realtime.closeAll());
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
      const stream = openEventStream(
        app.realtime,
        { userId: user.id, sessionHash },
        {
          write: (text) => raw.write(text),
          end: (last) => raw.end(last),
          releasable() {
            const socket = raw.socket;
            if (!socket || socket.destroyed || raw.writableLength > 0) return null;
            if (socket.writableLength > 0) return null;
            return { socket, chunked: raw.chunkedEncoding };
          },
        },
      );
      request.raw.on('close', stream.stop);
    },
  );
};
