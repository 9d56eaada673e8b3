import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { BLOG_RSS_PATH } from '@btcp/shared/blog';
import {
  matchPath,
  NOT_FOUND_TITLE,
  type PathKey,
  pageTitles,
  SITE_NAME,
} from '@btcp/shared/paths';
import { SITE_DESCRIPTION } from '@btcp/shared/product';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { escapeHtml } from '../lib/html.ts';
import { SharedBody, sendWithEtag } from '../lib/shared-pages.ts';
import { loadPageRenderer, type PageRenderer } from './page-renderer.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const HTML = 'text/html; charset=utf-8';

/** A page the server meant to render and sent as the shell instead; never cached. */
class NotRendered extends Error {
  constructor(readonly page: { status: 200 | 404; body: SharedBody }) {
    super('the page was not rendered');
  }
}

export interface PageMeta {
  title: string;
  /** The title a link preview shows, when it differs from the page's own <title>. */
  previewTitle?: string;
  description: string;
  /** Absolute URL of the page, for og:url. */
  url?: string;
  /** Absolute URL of the page's picture (a post's cover or image), for og:image. */
  image?: string | null;
  type?: 'website' | 'article';
}

/** What a content page (a blog or community post) says about itself; null when it does not exist. */
export type PageMetaResolver = (
  request: FastifyRequest,
  route: PathKey,
) => Promise<Partial<PageMeta> | null | undefined>;

const metaTag = (attribute: 'name' | 'property', key: string, content: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;

/**
 * Puts a page's own title, description and Open Graph tags into the HTML, so crawlers and link
 * previews that run no JavaScript see them (D18).
 */
export function renderShell(template: string, meta: PageMeta): string {
  const head = [
    metaTag('property', 'og:site_name', SITE_NAME),
    metaTag('property', 'og:type', meta.type ?? 'website'),
    metaTag('property', 'og:title', meta.previewTitle ?? meta.title),
    metaTag('property', 'og:description', meta.description),
    ...(meta.url ? [metaTag('property', 'og:url', meta.url)] : []),
    ...(meta.image
      ? [
          metaTag('property', 'og:image', meta.image),
          metaTag('name', 'twitter:card', 'summary_large_image'),
        ]
      : [metaTag('name', 'twitter:card', 'summary')]),
    `<link rel="alternate" type="application/rss+xml" title="${SITE_NAME} Blog" href="${BLOG_RSS_PATH}" />`,
  ].join('\n    ');
  // Function replacers: a string replacement would read `$'`, `$&` or `$1` in a user's title as
  // patterns and splice parts of the template into the page.
  return template
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(meta.title)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    )
    .replace('</head>', () => `  ${head}\n  </head>`);
}

/**
 * Serves the built web app: hashed assets with a one-year immutable cache, other files revalidated,
 * and every page route answered with index.html (history-API fallback). Unknown pages still get
 * the app, which shows its not-found page, but with a 404 status.
 */
export const spaPlugin = fp<{
  webDistDir: string;
  /** The web app's server renderer (docs/decisions/016); without it every page is the shell. */
  webSsrEntry?: string | null;
  resolvePageMeta?: PageMetaResolver;
}>(
  async (app: FastifyInstance, { webDistDir, webSsrEntry, resolvePageMeta }) => {
    const indexPath = path.join(webDistDir, 'index.html');
    let template: string | null = null;
    try {
      template = await readFile(indexPath, 'utf8');
    } catch {
      app.log.warn({ indexPath }, 'web app is not built; run `npm run build` to serve it');
    }

    const renderer: PageRenderer | null =
      template !== null && webSsrEntry
        ? await loadPageRenderer(app, pathToFileURL(webSsrEntry).href, webDistDir)
        : null;

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

    app.decorate('sendSpaPage', async (request: FastifyRequest, reply: FastifyReply) => {
      if (template === null) {
        return reply
          .status(503)
          .type('text/plain; charset=utf-8')
          .send('The web app is not built. Run `npm run build`, then restart the server.');
      }
      const pathname = request.url.split('?')[0] ?? '/';
      const route = matchPath(pathname);
      // A visitor's render is shared until what it shows changes; a reader's is their own.
      const changesWith =
        route && !request.headers.cookie ? renderer?.changesWith(route) : undefined;
      // A static page's address with a query would be a new entry per query: not kept.
      const kept = changesWith && (changesWith !== 'static' || request.url === pathname);
      const build = () => buildPage(request, route, template as string, Boolean(kept));
      let page: Page;
      try {
        page = kept
          ? await app.sharedPages.get(changesWith, `page ${request.url}`, build)
          : await build();
      } catch (error) {
        if (!(error instanceof NotRendered)) throw error;
        page = error.page;
      }
      return sendWithEtag(
        request,
        reply.status(page.status),
        page.body,
        request.headers.cookie ? 'personal' : 'page',
        HTML,
      );
    });

    interface Page {
      status: 200 | 404;
      body: SharedBody;
    }

    /**
     * A page's HTML: the shell with its own title and preview tags, and the page rendered into it
     * when it is one the server renders. A page that should have been rendered and was not (its
     * render failed) is thrown as NotRendered with the shell, so no cache keeps it. `kept`: the
     * page goes into the cache, so its body is compressed well, once; otherwise fast, per answer.
     */
    async function buildPage(
      request: FastifyRequest,
      route: PathKey | null,
      shellTemplate: string,
      kept: boolean,
    ): Promise<Page> {
      const own = route && resolvePageMeta ? await resolvePageMeta(request, route) : undefined;
      // A post that does not exist (or is not public) is a missing page to a crawler too.
      const found = route !== null && own !== null;
      const shell = renderShell(shellTemplate, {
        title: found ? pageTitles[route] : NOT_FOUND_TITLE,
        description: SITE_DESCRIPTION,
        ...own,
      });
      if (!found || !renderer?.changesWith(route)) {
        return { status: found ? 200 : 404, body: new SharedBody(shell, undefined, kept) };
      }
      const html = await renderer.renderPage(request, route, shell);
      const page: Page = { status: 200, body: new SharedBody(html ?? shell, undefined, kept) };
      if (html === null) throw new NotRendered(page);
      return page;
    }
  },
  { name: 'spa' },
);

declare module 'fastify' {
  interface FastifyInstance {
    sendSpaPage(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
  }
}
