import type { RealtimeEvent } from '@btcp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/guards.ts';

const HEARTBEAT_MS = 30_000;

/** GET /api/events: the signed-in user's Server-Sent Events stream (spec §9: 30 s heartbeat). */
export const realtimeRoutes: FastifyPluginAsyncZod = async (app) => {
  const openStreams = new Set<() => void>();
  // Streams never end by themselves; end them so a graceful shutdown does not wait on them.
  app.addHook('preClose', async () => {
    for (const end of openStreams) end();
  });
  app.get(
    '/events',
    {
      preHandler: requireUser,
      schema: { tags: ['realtime'], summary: 'Server-Sent Events: balance, transactions, mining' },
    },
    async (request, reply) => {
      const userId = request.user?.id ?? '';
      // The stream is written by hand, past compression and serialization.
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
      });
      raw.write('retry: 1000\n: connected\n\n');
      const send = (event: RealtimeEvent) => raw.write(`data: ${JSON.stringify(event)}\n\n`);
      const unsubscribe = app.realtime.subscribe(userId, send);
      const heartbeat = setInterval(() => raw.write(': heartbeat\n\n'), HEARTBEAT_MS);
      const close = () => {
        clearInterval(heartbeat);
        unsubscribe();
        openStreams.delete(end);
      };
      const end = () => {
        close();
        raw.end();
      };
      openStreams.add(end);
      request.raw.on('close', close);
    },
  );
};
