import type { IncomingMessage, ServerResponse } from 'node:http';
import { ErrorCode } from '@btcp/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
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
 * The security headers of pages and files, computed once: helmet (the ecosystem's choice of
 * values) runs a single time at start-up against a stand-in response, and each request then copies
 * the finished header object instead of re-running its fourteen middlewares (docs/decisions/013).
 * A CSP that allows no inline script.
 */
export function documentHeaders(isProduction: boolean): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet({
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
    strictTransportSecurity: isProduction,
    crossOriginEmbedderPolicy: false,
  })({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return Object.freeze(headers);
}

/**
 * The headers of a JSON answer, from OWASP's REST cheat sheet: the browser must not sniff it as
 * something else, nothing in it may load or frame anything, and another site must not read it as
 * a resource. Each header costs every answer (docs/decisions/013), so HSTS and the referrer policy
 * come with the pages only.
 */
export const API_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'cross-origin-resource-policy': 'same-origin',
});

/** The API's JSON answers; the interactive documentation at /api/docs is a page. */
function isApiUrl(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/docs');
}

/**
 * Security headers, and D4: a mutating request must come from one of our
 * configured origins (config.allowedOrigins). The Host header plays no part: a client chooses it
 * freely. One synchronous hook, so a request pays for no promise here.
 */
export const securityPlugin = fp<{ allowedOrigins: ReadonlySet<string>; isProduction: boolean }>(
  async (app: FastifyInstance, options) => {
    const forPages = documentHeaders(options.isProduction);
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(isApiUrl(request.url) ? API_HEADERS : forPages);
      if (!MUTATING_METHODS.has(request.method)) return done();
      // A browser spells `Origin` as URL spells an origin, as the allowed ones are: an exact match
      // needs no parse, which cost about 3 % of a ping's CPU (docs/decisions/041).
      const header = request.headers.origin;
      if (header !== undefined && options.allowedOrigins.has(header)) return done();
      const origin = requestOrigin(request);
      if (origin !== null && options.allowedOrigins.has(origin)) return done();
      reply
        .status(403)
        .send(
          errorBody(
            ErrorCode.foreignOrigin,
            origin
              ? `Requests from ${origin} are not allowed`
              : 'Missing Origin header: requests must come from this site',
          ),
        );
    });
  },
  { name: 'security' },
);
