import { performance } from 'node:perf_hooks';
import { HealthSchema } from '@btcp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pingDatabase } from '#server/db/client.ts';
import { routeOptions } from '#server/lib/routes.ts';

const route = routeOptions(['health']);

/** GET /api/health: 200 when the database answers, 503 when it does not (for load balancers). */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    route('Whether the server and its database are up', {
      response: { 200: HealthSchema, 503: HealthSchema },
    }),
    async (request, reply) => {
      const started = performance.now();
      let reachable = true;
      try {
        await pingDatabase(app.db);
      } catch (error) {
        reachable = false;
        request.log.error({ err: error }, 'database ping failed');
      }
      const latencyMs = Math.round((performance.now() - started) * 100) / 100;
      if (!reachable) reply.header('x-request-id', request.id);
      return reply.status(reachable ? 200 : 503).send({
        status: reachable ? 'ok' : 'degraded',
        database: { reachable, kind: app.dbKind, latencyMs },
        uptimeSeconds: Math.round(process.uptime()),
      });
    },
  );
};
