import { MailboxSchema } from '@btcp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../errors.ts';

/** D22: the local outbox, readable outside production for developers and browser tests. */
export const mailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dev/mailbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'The local mail outbox (not in production)',
        response: { 200: MailboxSchema },
      },
    },
    async (_request, reply) => {
      const messages = app.config.isProduction ? null : await app.mailer.list();
      if (messages === null)
        throw notFound('The mailbox exists only outside production, without SMTP');
      reply.header('cache-control', 'no-store');
      return { messages };
    },
  );
};
