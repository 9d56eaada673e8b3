import {
  ErrorCode,
  MiningSessionSchema,
  MiningSettlementSchema,
  MiningStatusSchema,
  SessionIdBodySchema,
} from '@btcp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '#server/errors.ts';
import { requireActiveUser, requireUser, signedInUser } from '../auth/guards.ts';
import { pingMining } from './pings.ts';
import { miningStatus, startMining, stopMining } from './sessions.ts';

type App = Parameters<FastifyPluginAsyncZod>[0];

/** The session's life while it runs: its status, its start, its pings. */
function runningRoutes(app: App) {
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
      return miningStatus(app.db, await app.settings.get(), signedInUser(request).id);
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
      reply
        .status(201)
        .send(
          await startMining(
            app.db,
            await app.settings.get(),
            signedInUser(request).id,
            app.clock.now(),
          ),
        ),
  );

  app.post(
    '/mining/ping',
    {
      onRequest: requireActiveUser,
      schema: {
        tags: ['mining'],
        summary: 'Keep the session alive (every 30 s); rewards arrive on the event stream',
        body: SessionIdBodySchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await pingMining(app.db, signedInUser(request).id, request.body.sessionId, app.clock.now());
      return reply.status(204).send(null);
    },
  );
}

/** The end of a session: Stop, and the beacon a closing page sends. */
function stoppingRoutes(app: App) {
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
    async (request) =>
      stopMining(app.db, signedInUser(request).id, request.body.sessionId, app.clock.now()),
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
        await stopMining(app.db, signedInUser(request).id, request.body.sessionId, app.clock.now());
      } catch (error) {
        if (!(error instanceof AppError && error.code === ErrorCode.noSession)) throw error;
      }
      return reply.status(204).send(null);
    },
  );
}

/** Server-timed mining (D11). Starting and pinging need an account that is not banned (D9). */
export const miningRoutes: FastifyPluginAsyncZod = async (app) => {
  runningRoutes(app);
  stoppingRoutes(app);
};
