import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '#server/errors.ts';
import { isMediaKey } from './storage.ts';

const contentTypes: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
};

/**
 * GET /media/{key}: stored images (D23). A key never changes content (a new upload gets a new id),
 * so browsers and proxies may keep it for a year without asking again.
 */
export const mediaFileRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { key: string } }>(
    '/media/:key',
    { schema: { hide: true } },
    async (request, reply) => {
      const { key } = request.params;
      const file = isMediaKey(key) ? await app.mediaStorage.open(key) : null;
      if (!file) throw notFound('Image not found');
      const ext = key.slice(key.lastIndexOf('.') + 1);
      return reply
        .header('content-type', contentTypes[ext] ?? 'application/octet-stream')
        .header('content-length', file.bytes)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('cross-origin-resource-policy', 'same-site')
        .send(file.stream);
    },
  );
};

/**
 * A scope for the routes that take an upload: only they parse multipart bodies, so every other
 * request skips the parser's per-request hooks (docs/decisions/013), and a form posted anywhere else is a 415.
 * Each route reads at most one file and sets its own size limit.
 */
export function acceptingUploads(routes: FastifyPluginAsyncZod): FastifyPluginAsyncZod {
  return async (scope, options) => {
    await scope.register(multipart, { limits: { files: 1, fields: 0, parts: 2 } });
    await routes(scope, options);
  };
}
