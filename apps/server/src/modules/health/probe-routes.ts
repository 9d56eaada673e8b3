import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noStore, routeOptions } from '#server/lib/routes.ts';

const route = routeOptions(['health']);

const ProbeSchema = z.object({ status: z.enum(['ok', 'not ready']), reasons: z.array(z.string()) });

/**
 * Probes for an orchestrator, outside /api: /livez says the process runs (restart it if not) and
 * touches nothing; /readyz says whether to send it traffic. /api/health stays for dashboards.
 */
export const probeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/livez',
    route('Liveness: 200 whenever the process runs; asks nothing of the database', {
      ok: ProbeSchema,
      onSend: noStore,
    }),
    async () => ({ status: 'ok' as const, reasons: [] }),
  );

  app.get(
    '/readyz',
    route('Readiness: 200 when the database answers, is migrated and is heard; else 503 and why', {
      response: { 200: ProbeSchema, 503: ProbeSchema },
      onSend: noStore,
    }),
    async (_request, reply) => {
      const reasons = await app.readiness.reasons();
      if (reasons.length > 0) reply.header('retry-after', '1');
      return reply
        .status(reasons.length ? 503 : 200)
        .send({ status: reasons.length ? 'not ready' : 'ok', reasons });
    },
  );
};
