import { ErrorCode } from '@btcp/shared';
import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errorBody } from '../errors.ts';

const MUTATING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Scheme, host and port as URL spells them, so `http://x:80` and `http://x` compare equal. */
function normalizeOrigin(value: string | undefined): string | null {
  if (!value || value === 'null') return null;
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

function requestOrigin(request: FastifyRequest): string | null {
  return normalizeOrigin(request.headers.origin) ?? normalizeOrigin(request.headers.referer);
}

/**
 * Security headers (helmet with a CSP that allows no inline script) and D4: a mutating request must
 * come from one of our configured origins (config.allowedOrigins). The Host header plays no part: a
 * client chooses it freely.
 */
export const securityPlugin = fp<{ allowedOrigins: ReadonlySet<string>; isProduction: boolean }>(
  async (app: FastifyInstance, options) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // Radix and sonner set style attributes and small <style> blocks at run time.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'"],
          connectSrc: ["'self'"],
          manifestSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      strictTransportSecurity: options.isProduction,
      crossOriginEmbedderPolicy: false,
    });

    app.addHook('onRequest', async (request, reply) => {
      if (!MUTATING_METHODS.has(request.method)) return;
      const origin = requestOrigin(request);
      if (origin === null || !options.allowedOrigins.has(origin)) {
        return reply
          .status(403)
          .send(
            errorBody(
              ErrorCode.foreignOrigin,
              origin
                ? `Requests from ${origin} are not allowed`
                : 'Missing Origin header: requests must come from this site',
            ),
          );
      }
    });
  },
  { name: 'security' },
);
