import type { FastifyRequest } from 'fastify';

/** The origin links in emails point at: APP_ORIGIN, else the one this request was addressed to. */
export function publicOrigin(request: FastifyRequest): string {
  return request.server.config.APP_ORIGIN ?? `${request.protocol}://${request.host}`;
}
