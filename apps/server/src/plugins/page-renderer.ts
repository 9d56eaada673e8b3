import { access, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PathKey } from '@btcp/shared/paths';
import type { Fetch, ServerEntry } from '@btcp/shared/server-render';
import type { FastifyInstance } from 'fastify';
import type { PageKind } from '#server/db/notifications/shared-pages.ts';
import type { AppMarkup } from '#server/lib/page-template.ts';

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/**
 * The pages the server renders (docs/decisions/016): each one's route module in the web build's
 * manifest, whose chunks the page preloads so the browser can hydrate without waiting, and what
 * its render for a visitor changes with (the community list shows the founding day too: migration
 * 0021 names both kinds when the dated words change).
 */
const SERVER_RENDERED_PAGES: Partial<Record<PathKey, { module: string; changesWith: PageKind }>> = {
  home: { module: 'src/app/routes/landing.tsx', changesWith: 'dated-words' },
  whitepaper: { module: 'src/app/routes/whitepaper.tsx', changesWith: 'static' },
  termsOfService: { module: 'src/app/routes/terms-of-service.tsx', changesWith: 'static' },
  blog: { module: 'src/app/routes/blog.tsx', changesWith: 'blog' },
  blogPost: { module: 'src/app/routes/blog-post.tsx', changesWith: 'blog' },
  community: { module: 'src/app/routes/community.tsx', changesWith: 'community' },
  communityPost: { module: 'src/app/routes/community-post.tsx', changesWith: 'community' },
  proof: { module: 'src/app/routes/proof.tsx', changesWith: 'proofs' },
  leaderboard: { module: 'src/app/routes/leaderboard.tsx', changesWith: 'leaderboard' },
};

export interface PageRenderer {
  /** What a visitor's render of the page changes with; undefined for a page not rendered here. */
  changesWith(route: PathKey): PageKind | undefined;
  /** The page's markup, data and preloads, or null to send the shell as it is. */
  render(route: PathKey, url: string, fetch: Fetch): Promise<AppMarkup | null>;
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
 * The web app's server entry, built by `npm run build` beside the app. Without it (tests, a server
 * started before any build) every page is the shell, rendered in the browser.
 *
 * The entry (React and every public page) is imported at the first render, not at start: loading
 * it is a quarter of a process's start, and a rolling restart starts its new processes beside ones
 * serving every miner's pings (decision 046). The file's presence is checked at start, so a page
 * the server renders is known to be one from the start; an entry that fails to load is logged
 * once, and every page is the shell from then on.
 */
export async function loadPageRenderer(
  app: FastifyInstance,
  entryUrl: string,
  webDistDir: string,
): Promise<PageRenderer | null> {
  try {
    await access(fileURLToPath(entryUrl));
  } catch {
    app.log.info({ entryUrl }, 'no server renderer: pages are rendered in the browser');
    return null;
  }
  const preloads = await routePreloads(webDistDir);
  let entry: Promise<ServerEntry | null> | null = null;
  const loadEntry = () => {
    entry ??= (import(entryUrl) as Promise<ServerEntry>).catch((error: unknown) => {
      app.log.error(
        { err: error },
        'the server renderer did not load: pages are rendered in the browser',
      );
      return null;
    });
    return entry;
  };

  return {
    changesWith: (route) => SERVER_RENDERED_PAGES[route]?.changesWith,
    async render(route, url, fetch) {
      if (!SERVER_RENDERED_PAGES[route]) return null;
      const loaded = await loadEntry();
      if (!loaded) return null;
      // Links are judged against the configured origin, never the request's Host.
      const rendered = await loaded.render({ url, origin: app.config.publicOrigin, fetch });
      return rendered && { ...rendered, preloads: preloads.get(route) ?? '' };
    },
  };
}
