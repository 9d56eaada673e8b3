import {
  MiningSessionSchema,
  MiningSettlementSchema,
  MiningStatusSchema,
  SessionIdBodySchema,
} from '@btcp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActiveUser, requireUser } from '../../plugins/guards.ts';
import { miningStatus, noSessionError, pingMining, startMining, stopMining } from './service.ts';

/** Server-timed mining (D11). Starting and pinging need an account that is not banned (D9). */
export const miningRoutes: FastifyPluginAsyncZod = async (app) => {
  const userId = (request: { user: { id: string } | null }) => request.user?.id ?? '';

  app.get(
    '/mining/status',
    {
      onRequest: requireUser,
      schema: {
        tags: ['mining'],
        summary: 'This user’s session, the active miners and the rate',
        response: { 200: MiningStatusSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return miningStatus(app.db, userId(request));
    },
  );

  app.post(
    '/mining/start',
    {
      onRequest: requireActiveUser,
      schema: {
        tags: ['mining'],
        summary: 'Start mining (one session per user)',
        response: { 201: MiningSessionSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await startMining(app.db, userId(request), app.clock.now())),
  );

  app.post(
    '/mining/ping',
    {
      onRequest: requireActiveUser,
      schema: {
        tags: ['mining'],
        summary: 'Keep the session alive (every 30 s) and collect completed reward intervals',
        body: SessionIdBodySchema,
        response: { 200: MiningSettlementSchema },
      },
    },
    async (request) => pingMining(app.db, userId(request), request.body.sessionId, app.clock.now()),
  );

  app.post(
    '/mining/stop',
    {
      onRequest: requireUser,
      schema: {
        tags: ['mining'],
        summary: 'Stop mining and collect the pro-rata remainder',
        body: SessionIdBodySchema,
        response: { 200: MiningSettlementSchema },
      },
    },
    async (request) => stopMining(app.db, userId(request), request.body.sessionId, app.clock.now()),
  );

  app.post(
    '/cleanup-mining-session',
    {
      onRequest: requireUser,
      schema: {
        tags: ['mining'],
        summary: 'The unload beacon: stops the session like Stop; quiet when it is already gone',
        body: SessionIdBodySchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      try {
        await stopMining(app.db, userId(request), request.body.sessionId, app.clock.now());
      } catch (error) {
        if (!(error instanceof Error && error.message === noSessionError().message)) throw error;
      }
      return reply.status(204).send(null);
    },
  );
};
