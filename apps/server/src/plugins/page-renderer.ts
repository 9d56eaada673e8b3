import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { PathKey } from '@btcp/shared/paths';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PageKind } from '../db/notifications/shared-pages.ts';

type Fetch = (url: string, init: RequestInit) => Promise<Response>;

/** What the web app's server entry exports (apps/web/src/entry-server.tsx). */
interface ServerEntry {
  render(request: {
    url: string;
    origin: string;
    fetch: Fetch;
  }): Promise<{ html: string; dataScript: string } | null>;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/**
 * The pages the server renders (docs/decisions/016): each one's route module in the web build's
 * manifest, whose chunks the page preloads so the browser can hydrate without waiting, and what
 * its render for a visitor changes with.
 */
const SERVER_RENDERED_PAGES: Partial<Record<PathKey, { module: string; changesWith: PageKind }>> = {
  home: { module: 'src/app/routes/landing.tsx', changesWith: 'static' },
  whitepaper: { module: 'src/app/routes/whitepaper.tsx', changesWith: 'static' },
  termsOfService: { module: 'src/app/routes/terms-of-service.tsx', changesWith: 'static' },
  blog: { module: 'src/app/routes/blog.tsx', changesWith: 'blog' },
  blogPost: { module: 'src/app/routes/blog-post.tsx', changesWith: 'blog' },
  community: { module: 'src/app/routes/community.tsx', changesWith: 'community' },
  communityPost: { module: 'src/app/routes/community-post.tsx', changesWith: 'community' },
};

export interface PageRenderer {
  /** What a visitor's render of the page changes with; undefined for a page not rendered here. */
  changesWith(route: PathKey): PageKind | undefined;
  /** The shell with the page rendered into it, or null to send the shell as it is. */
  renderPage(request: FastifyRequest, route: PathKey, shell: string): Promise<string | null>;
}

/** The app's scripts and the modules they preload, as Vite writes them into the page's head. */
const APP_SCRIPTS = /<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>/g;

/**
 * A rendered page is on screen without the app, so its scripts, and the route's chunks they will
 * import, wait in an inert template that `public/first-paint.js` starts once the page has
 * painted: on a slow network the stylesheet and the page's images then do not share the
 * bandwidth with them (docs/decisions/016).
 */
function startAppAfterFirstPaint(html: string, routePreloads: string): string {
  const tags = html.match(APP_SCRIPTS) ?? [];
  return html
    .replace(APP_SCRIPTS, '')
    .replace(
      '</body>',
      () => `<template id="app-scripts">${tags.join('')}${routePreloads}</template></body>`,
    );
}

/** The <link rel="modulepreload"> tags of each page's route chunk and the chunks it imports. */
async function routePreloads(webDistDir: string): Promise<Map<PathKey, string>> {
  const preloads = new Map<PathKey, string>();
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(
      await readFile(path.join(webDistDir, '.vite/manifest.json'), 'utf8'),
    ) as Record<string, ManifestChunk>;
  } catch {
    return preloads;
  }
  // The entry's own imports are preloaded by index.html already.
  const inEntry = new Set(manifest['index.html']?.imports ?? []);
  inEntry.add('index.html');
  for (const [route, page] of Object.entries(SERVER_RENDERED_PAGES) as [
    PathKey,
    { module: string },
  ][]) {
    const files = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || inEntry.has(key) || files.has(chunk.file)) return;
      files.add(chunk.file);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    visit(page.module);
    preloads.set(
      route,
      [...files].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join(''),
    );
  }
  return preloads;
}

/**
 * Reads the API as the caller, inside this process: the same routes, guards and caches the
 * browser's requests meet, with the caller's cookie (so their votes and header are right).
 */
function fetchAsCaller(app: FastifyInstance, request: FastifyRequest): Fetch {
  return async (url, init) => {
    if ((init.method ?? 'GET') !== 'GET') throw new Error('the server renderer only reads');
    const response = await app.inject({
      method: 'GET',
      url,
      remoteAddress: request.ip,
      headers: {
        accept: 'application/json',
        ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}),
      },
    });
    const empty = response.statusCode === 204 || response.statusCode === 304;
    return new Response(empty ? null : response.body, {
      status: response.statusCode,
      headers: { 'content-type': String(response.headers['content-type'] ?? '') },
    });
  };
}

/**
 * Loads the web app's server entry, built by `npm run build` beside the app. Without it (tests,
 * a server started before any build) every page is the shell, rendered in the browser.
 */
export async function loadPageRenderer(
  app: FastifyInstance,
  entryUrl: string,
  webDistDir: string,
): Promise<PageRenderer | null> {
  let entry: ServerEntry;
  try {
    entry = (await import(entryUrl)) as ServerEntry;
  } catch (error) {
    app.log.info({ err: error }, 'no server renderer: pages are rendered in the browser');
    return null;
  }
  const preloads = await routePreloads(webDistDir);

  return {
    changesWith: (route) => SERVER_RENDERED_PAGES[route]?.changesWith,
    async renderPage(request, route, shell) {
      if (!SERVER_RENDERED_PAGES[route]) return null;
      try {
        const rendered = await entry.render({
          url: request.url,
          // Links are judged against the configured origin, never the request's Host.
          origin: app.config.publicOrigin,
          fetch: fetchAsCaller(app, request),
        });
        if (!rendered) return null;
        // Function replacers: `$&` or `$'` in a user's text must not be read as patterns.
        return startAppAfterFirstPaint(shell, preloads.get(route) ?? '').replace(
          '<div id="root"></div>',
          () => `<div id="root">${rendered.html}</div>${rendered.dataScript}`,
        );
      } catch (error) {
        // A page that fails to render is still served: the shell renders it in the browser.
        request.log.error({ err: error }, 'server render failed; the shell was sent');
        return null;
      }
    },
  };
}
