import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { matchPath, NOT_FOUND_TITLE, pageTitles } from '@btcp/shared/paths';
import { SITE_DESCRIPTION } from '@btcp/shared/product';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

const IMMUTABLE = 'public, max-age=31536000, immutable';

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

export interface PageMeta {
  title: string;
  description: string;
}

/** Puts a page's own title and description into the HTML, for crawlers and link previews (D18). */
export function renderShell(template: string, meta: PageMeta): string {
  return template
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(meta.title)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    );
}

/**
 * Serves the built web app: hashed assets with a one-year immutable cache, other files revalidated,
 * and every page route answered with index.html (history-API fallback). Unknown pages still get
 * the app, which shows its not-found page, but with a 404 status.
 */
export const spaPlugin = fp<{ webDistDir: string }>(
  async (app: FastifyInstance, { webDistDir }) => {
    const indexPath = path.join(webDistDir, 'index.html');
    let template: string | null = null;
    try {
      template = await readFile(indexPath, 'utf8');
    } catch {
      app.log.warn({ indexPath }, 'web app is not built; run `npm run build` to serve it');
    }

    if (template !== null) {
      await app.register(fastifyStatic, {
        root: webDistDir,
        index: false,
        wildcard: false,
        preCompressed: true,
        setHeaders(res, filePath) {
          const relative = path.relative(webDistDir, filePath);
          res.header(
            'cache-control',
            relative.startsWith(`assets${path.sep}`) ? IMMUTABLE : 'no-cache',
          );
        },
      });
    }

    app.decorate('sendSpaPage', (request: FastifyRequest, reply: FastifyReply) => {
      if (template === null) {
        return reply
          .status(503)
          .type('text/plain; charset=utf-8')
          .send('The web app is not built. Run `npm run build`, then restart the server.');
      }
      const pathname = request.url.split('?')[0] ?? '/';
      const route = matchPath(pathname);
      const html = renderShell(template, {
        title: route ? pageTitles[route] : NOT_FOUND_TITLE,
        description: SITE_DESCRIPTION,
      });
      return reply
        .status(route ? 200 : 404)
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(html);
    });
  },
  { name: 'spa' },
);

declare module 'fastify' {
  interface FastifyInstance {
    sendSpaPage(request: FastifyRequest, reply: FastifyReply): FastifyReply;
  }
}
