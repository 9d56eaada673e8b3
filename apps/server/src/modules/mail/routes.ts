import { MailboxSchema } from '@btcp/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isLoopbackHost } from '#server/config.ts';
import { notFound } from '#server/errors.ts';
import { routeOptions } from '#server/lib/routes.ts';

const route = routeOptions(['dev']);

/** A loopback peer address as Node reports it (IPv4, IPv6, or IPv4 mapped into IPv6). */
function isLoopbackAddress(address: string | undefined): boolean {
  const bare =
    address
      ?.trim()
      .replace(/^"|"$/g, '')
      .replace(/^\[|\](:\d+)?$/g, '') ?? '';
  return isLoopbackHost(bare.replace(/^::ffff:/i, '')) || bare === '::1';
}

/**
 * Whether the request comes from this machine: the connection must, and so must every client a
 * proxy names. A reverse proxy on the same host connects from loopback, so the listening address
 * alone would hand the outbox to the world behind it. (A proxy that names nobody cannot be told
 * from a local client; the README says to set SMTP_URL behind one.)
 */
function isFromThisMachine(request: FastifyRequest): boolean {
  const { headers } = request;
  const named = [
    ...String(headers['x-forwarded-for'] ?? '').split(','),
    ...String(headers['x-real-ip'] ?? '').split(','),
    ...[...String(headers.forwarded ?? '').matchAll(/for=("[^"]*"|[^;,\s]*)/gi)].map((m) => m[1]),
  ].filter((address): address is string => Boolean(address?.trim()));
  return [request.socket.remoteAddress, ...named].every(isLoopbackAddress);
}

/**
 * D22: the local outbox, for developers and browser tests. It holds every user's sign-in links, so
 * config.devMailbox keeps it to clients on this machine of a server that listens on loopback
 * only (or opens it with DEV_MAILBOX=true).
 */
export const mailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dev/mailbox',
    route('The local mail outbox (development servers on a loopback address only)', {
      ok: MailboxSchema,
    }),
    async (request, reply) => {
      const audience = app.config.devMailbox;
      const open =
        audience === 'anyone' || (audience === 'this machine' && isFromThisMachine(request));
      const messages = open ? await app.mailer.list() : null;
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
