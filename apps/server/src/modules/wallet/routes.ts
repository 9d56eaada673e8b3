import { TransactionsPageSchema, TransactionsQuerySchema, WalletSchema } from '@btcp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOptions } from '#server/lib/routes.ts';
import { requireUser, signedInUser } from '../auth/guards.ts';
import { transactionsPage, walletOf } from './service.ts';

const route = routeOptions(['wallet']);

/** The signed-in user's wallet and history; reading stays open to banned users (D9). */
export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireUser);

  app.get(
    '/wallet',
    route({ summary: 'The balance', response: { 200: WalletSchema } }),
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return walletOf(app.db, signedInUser(request).id);
    },
  );

  app.get(
    '/wallet/transactions',
    route({
      summary: 'Transaction history, newest first, paginated',
      querystring: TransactionsQuerySchema,
      response: { 200: TransactionsPageSchema },
    }),
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return transactionsPage(app.db, signedInUser(request).id, request.query);
    },
  );
};
