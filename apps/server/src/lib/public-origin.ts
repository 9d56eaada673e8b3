import type { FastifyRequest } from 'fastify';

/** The site's public origin for absolute links (feeds, link previews): APP_ORIGIN when set. */
export function publicOrigin(request: FastifyRequest): string {
  const origin = request.server.config.APP_ORIGIN ?? `${request.protocol}://${request.host}`;
  // Normalised ('http://localhost:80' → 'http://localhost'), so every absolute link agrees.
  return new URL(origin).origin;
}
