import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../../errors.ts';
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
