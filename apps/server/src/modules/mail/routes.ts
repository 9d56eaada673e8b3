import { MailboxSchema } from '@btcp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '#server/errors.ts';
import { routeOptions } from '#server/lib/routes.ts';

const route = routeOptions(['dev']);

/**
 * D22: the local outbox, for developers and browser tests. It holds every user's sign-in links, so
 * config.devMailbox keeps it to servers that listen on loopback only (or DEV_MAILBOX=true).
 */
export const mailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dev/mailbox',
    route('The local mail outbox (development servers on a loopback address only)', {
      ok: MailboxSchema,
    }),
    async (_request, reply) => {
      const messages = app.config.devMailbox ? await app.mailer.list() : null;
      if (messages === null) {
        throw notFound(
          'The mailbox exists only on a development server without SMTP that listens on a loopback address (or with DEV_MAILBOX=true)',
        );
      }
      reply.header('cache-control', 'no-store');
      return { messages };
    },
  );
};
