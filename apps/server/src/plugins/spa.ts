import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { matchPath, NOT_FOUND_TITLE, type PathKey, pageTitles } from '@btcp/shared/paths';
import { SITE_DESCRIPTION } from '@btcp/shared/product';
import type { Fetch } from '@btcp/shared/server-render';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { callerFetch } from '#server/lib/caller-fetch.ts';
import { type PageMeta, type PageTemplate, parsePageTemplate } from '#server/lib/page-template.ts';
import { SharedBody, sendWithEtag } from '#server/lib/shared-pages.ts';
import { loadPageRenderer, type PageRenderer } from './page-renderer.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const HTML = 'text/html; charset=utf-8';

/** What a content page (a blog or community post) says about itself; null when it does not exist. */
export type PageMetaResolver = (
  route: PathKey,
  pathname: string,
  fetch: Fetch,
  origin: string,
) => Promise<Partial<PageMeta> | null | undefined>;

interface Page {
  status: 200 | 404;
  body: SharedBody;
}

/** A page the server meant to render and sent as the shell instead; never cached. */
class NotRendered extends Error {
  constructor(readonly page: Page) {
    super('the page was not rendered');
  }
}

interface PageBuilder {
  template: PageTemplate;
  renderer: PageRenderer | null;
  resolvePageMeta?: PageMetaResolver;
}

/**
 * A page's HTML: the shell with its own title and preview tags, and the page rendered into it
 * when it is one the server renders; every read it makes goes through one caller's fetch, so a
 * record the preview and the render both show is read once. A page that should have been
 * rendered and was not (its render failed) is thrown as NotRendered with the shell, so no cache
 * keeps it. `kept`: the page goes into the cache, so its body is compressed well, once;
 * otherwise fast, per answer.
 */
async function buildPage(
  { template, renderer, resolvePageMeta }: PageBuilder,
  request: FastifyRequest,
  route: PathKey | null,
  kept: boolean,
): Promise<Page> {
  const { server } = request;
  const origin = server.config.publicOrigin;
  const pathname = request.url.split('?')[0] ?? '/';
  const fetch = callerFetch(server, request);
  const own = route && (await resolvePageMeta?.(route, pathname, fetch, origin));
  // A post that does not exist (or is not public) is a missing page to a crawler too.
  const found = route !== null && own !== null;
  const meta: PageMeta = {
    title: found ? pageTitles[route] : NOT_FOUND_TITLE,
    description: SITE_DESCRIPTION,
    ...own,
  };
  const page = (html: string): Page => ({
    status: found ? 200 : 404,
    body: new SharedBody(html, undefined, kept),
  });
  if (!found || !renderer?.changesWith(route)) return page(template.fill(meta));
  try {
    const app = await renderer.render(route, request.url, fetch);
    if (app) return page(template.fill(meta, app));
  } catch (error) {
    // A page that fails to render is still served: the shell renders it in the browser.
    request.log.error({ err: error }, 'server render failed; the shell was sent');
  }
  throw new NotRendered(page(template.fill(meta)));
}

/**
 * The web app's built files. The hashed assets (hundreds of files) through one route, the few
 * other files one route each: a route per asset cost a process a tenth of its start (decision 046).
 */
async function registerBuiltFiles(app: FastifyInstance, webDistDir: string) {
  await app.register(fastifyStatic, {
    root: path.join(webDistDir, 'assets'),
    prefix: '/assets/',
    index: false,
    wildcard: true,
    preCompressed: true,
    setHeaders: (res) => res.header('cache-control', IMMUTABLE),
  });
  await app.register(fastifyStatic, {
    root: webDistDir,
    index: false,
    wildcard: false,
    globIgnore: ['assets/**'],
    decorateReply: false,
    preCompressed: true,
    setHeaders: (res) => res.header('cache-control', 'no-cache'),
  });
}

/** Whether a page's address carries a search (?q=…): text a reader typed, with no end of values. */
const hasSearch = (url: string) => new URLSearchParams(url.split('?')[1] ?? '').has('q');

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
    let template: PageTemplate | null = null;
    try {
      template = parsePageTemplate(await readFile(indexPath, 'utf8'));
    } catch {
      app.log.warn({ indexPath }, 'web app is not built; run `npm run build` to serve it');
    }
    if (template === null) {
      app.decorate('sendSpaPage', async (_request: FastifyRequest, reply: FastifyReply) =>
        reply
          .status(503)
          .type('text/plain; charset=utf-8')
          .send('The web app is not built. Run `npm run build`, then restart the server.'),
      );
      return;
    }

    const renderer = webSsrEntry
      ? await loadPageRenderer(app, pathToFileURL(webSsrEntry).href, webDistDir)
      : null;
    const builder: PageBuilder = { template, renderer, resolvePageMeta };
    await registerBuiltFiles(app, webDistDir);

    app.decorate('sendSpaPage', async (request: FastifyRequest, reply: FastifyReply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      const route = matchPath(pathname);
      // A visitor's render is shared until what it shows changes; a reader's is their own.
      const changesWith =
        route && !request.headers.cookie ? renderer?.changesWith(route) : undefined;
      // A static page's address with a query would be a new entry per query, and so would a
      // search's (?q=, whatever a reader types): not kept. Its data is kept by its API route.
      const kept =
        changesWith &&
        (changesWith !== 'static' || request.url === pathname) &&
        !hasSearch(request.url);
      const build = () => buildPage(builder, request, route, Boolean(kept));
      let page: Page;
      try {
        page = kept
          ? await app.sharedPages.get(changesWith, `page ${request.url}`, build, app.clock.now())
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
  },
  { name: 'spa' },
);

declare module 'fastify' {
  interface FastifyInstance {
    sendSpaPage(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
  }
}
