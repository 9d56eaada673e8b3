import {
  ReferralStatsSchema,
  TransactionsPageSchema,
  TransactionsQuerySchema,
  WalletSchema,
} from '@btcp/shared';
import { and, count, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { newestFirst } from '../../db/order.ts';
import { profiles, transactions, users, wallets } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { requireUser } from '../../plugins/guards.ts';
import { toTransaction } from './ledger.ts';

/** The signed-in user's wallet, history and referral figures; reading stays open to banned users (D9). */
export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireUser);
  const userId = (request: { user: { id: string } | null }) => request.user?.id ?? '';

  app.get(
    '/wallet',
    { schema: { tags: ['wallet'], summary: 'The balance', response: { 200: WalletSchema } } },
    async (request, reply) => {
      const [wallet] = await app.db
        .select({ balance: wallets.balance })
        .from(wallets)
        .where(eq(wallets.userId, userId(request)));
      if (!wallet) throw notFound('Wallet not found');
      reply.header('cache-control', 'no-store');
      return wallet;
    },
  );

  app.get(
    '/wallet/transactions',
    {
      schema: {
        tags: ['wallet'],
        summary: 'Transaction history, newest first, paginated',
        querystring: TransactionsQuerySchema,
        response: { 200: TransactionsPageSchema },
      },
    },
    async (request, reply) => {
      const { page, pageSize } = request.query;
      const mine = eq(transactions.userId, userId(request));
      const [rows, [total]] = await Promise.all([
        app.db
          .select()
          .from(transactions)
          .where(mine)
          .orderBy(newestFirst(transactions.createdAt), newestFirst(transactions.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        app.db.select({ value: count() }).from(transactions).where(mine),
      ]);
      reply.header('cache-control', 'no-store');
      return { items: rows.map(toTransaction), total: total?.value ?? 0, page, pageSize };
    },
  );

  app.get(
    '/referrals/stats',
    {
      schema: {
        tags: ['referrals'],
        summary: 'Referral code, verified and pending referrals, and earnings',
        response: { 200: ReferralStatsSchema },
      },
    },
    async (request) => {
      const id = userId(request);
      const [[profile], [referred], [earned]] = await Promise.all([
        app.db.select({ code: profiles.referralCode }).from(profiles).where(eq(profiles.id, id)),
        app.db
          .select({
            verified: count(users.emailVerifiedAt),
            all: count(),
          })
          .from(profiles)
          .innerJoin(users, eq(users.id, profiles.id))
          .where(eq(profiles.referredBy, id)),
        app.db
          .select({
            value: sql<string>`coalesce(sum(${transactions.amount}), 0)::numeric(20,8)::text`,
          })
          .from(transactions)
          .where(and(eq(transactions.userId, id), eq(transactions.transactionType, 'REFERRAL'))),
      ]);
      return {
        referralCode: profile?.code ?? '',
        referrals: referred?.verified ?? 0,
        pendingReferrals: (referred?.all ?? 0) - (referred?.verified ?? 0),
        earnings: earned?.value ?? '0.00000000',
      };
    },
  );
};
