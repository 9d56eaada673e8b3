import {
  ErrorCode,
  MiningSessionSchema,
  MiningSettlementSchema,
  MiningStatusSchema,
  MiningStreakSchema,
  type SessionIdBody,
  SessionIdBodySchema,
} from '@btcp/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '#server/errors.ts';
import { noStore, routeOptions, type ZodApp } from '#server/lib/routes.ts';
import { requireActiveUser, requireUser, signedInUser } from '#server/modules/auth/index.ts';
import { pingMining } from './pings.ts';
import { miningStatus } from './sessions.ts';
import { startMining } from './starts.ts';
import { stopMining } from './stops.ts';
import { miningStreak } from './streaks.ts';

const route = routeOptions(['mining']);

/** The session's life while it runs: its status, its start, its pings. */
function runningRoutes(app: ZodApp) {
  app.get(
    '/mining/status',
    route('This user’s session, the active miners and the rate', {
      ok: MiningStatusSchema,
      onRequest: requireUser,
      onSend: noStore,
    }),
    async (request) => miningStatus(app.db, await app.settings.get(), signedInUser(request).id),
  );

  app.get(
    '/mining/streak',
    route('This user’s streak, freezes and mining days of the last 12 weeks (UTC)', {
      ok: MiningStreakSchema,
      onRequest: requireUser,
      onSend: noStore,
    }),
    async (request) =>
      miningStreak(
        app.db,
        signedInUser(request).id,
        app.clock.now(),
        (await app.settings.get()).streaks,
      ),
  );

  app.post(
    '/mining/start',
    route('Start mining (one session per user)', {
      created: MiningSessionSchema,
      onRequest: requireActiveUser,
    }),
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await startMining(
            app.db,
            await app.settings.get(),
            signedInUser(request).id,
            app.clock.now(),
            request.ip,
          ),
        ),
  );

  app.post(
    '/mining/ping',
    route('Keep the session alive (every 30 s); rewards arrive on the event stream', {
      body: SessionIdBodySchema,
      noContent: true,
      onRequest: requireActiveUser,
    }),
    async (request, reply) => {
      await pingMining(app.db, signedInUser(request).id, request.body.sessionId, app.clock.now());
      return reply.status(204).send(null);
    },
  );
}

/** The caller's Stop of the session the body names, now, with the settings that pay it. */
const stopOf = async (app: ZodApp, request: FastifyRequest, { sessionId }: SessionIdBody) => ({
  userId: signedInUser(request).id,
  sessionId,
  now: app.clock.now(),
  streaks: (await app.settings.get()).streaks,
});

/** The end of a session: Stop, and the beacon a closing page sends. */
function stoppingRoutes(app: ZodApp) {
  app.post(
    '/mining/stop',
    route('Stop mining and collect the pro-rata remainder', {
      body: SessionIdBodySchema,
      ok: MiningSettlementSchema,
      onRequest: requireUser,
    }),
    async (request) => stopMining(app.db, await stopOf(app, request, request.body)),
  );

  app.post(
    '/cleanup-mining-session',
    route('The unload beacon: stops the session like Stop; quiet when it is already gone', {
      body: SessionIdBodySchema,
      noContent: true,
      onRequest: requireUser,
    }),
    async (request, reply) => {
      try {
        await stopMining(app.db, await stopOf(app, request, request.body));
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
