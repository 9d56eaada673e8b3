import { TransactionsPageSchema, TransactionsQuerySchema, WalletSchema } from '@btcp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noStore, routeOptions } from '#server/lib/routes.ts';
import { requireUser, signedInUser } from '#server/modules/auth/index.ts';
import { transactionsPage, walletOf } from './service.ts';

const route = routeOptions(['wallet']);

/** The signed-in user's wallet and history; reading stays open to banned users (D9). */
export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireUser);

  app.get('/wallet', route('The balance', { ok: WalletSchema, onSend: noStore }), async (request) =>
    walletOf(app.db, signedInUser(request).id),
  );

  app.get(
    '/wallet/transactions',
    route('Transaction history, newest first, paginated', {
      querystring: TransactionsQuerySchema,
      ok: TransactionsPageSchema,
      onSend: noStore,
    }),
    async (request) => transactionsPage(app.db, signedInUser(request).id, request.query),
  );
};
