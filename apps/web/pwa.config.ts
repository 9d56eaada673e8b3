import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/** The page a browser shows for a navigation when the network is gone (public/offline.html). */
const OFFLINE_PAGE = '/offline.html';

/** Light and dark backgrounds, as src/styles.css has them; index.html names both for the browser. */
const DARK_BACKGROUND = '#0b0f19';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

/**
 * The app shell's files in assets/: the entry chunk, what it imports statically and their
 * stylesheets, read from Vite's manifest, which the build has written when the service worker
 * is generated (after the bundle is closed).
 */
function appShellAssets(outDir: string): Set<string> {
  const manifest = JSON.parse(
    readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  return files;
}

/**
 * The installable app (docs/decisions/061): the web app manifest, linked from index.html and so
 * from every page the server sends, and a Workbox service worker that precaches the app shell,
 * keeps each hashed asset once it is used, answers a navigation with the offline page only when
 * the network fails, and has no route at all for the API or for a page's HTML: neither is ever
 * stored. The app registers it after the page has loaded (src/features/app-install).
 */
export function installableApp(): Plugin[] {
  let outDir = '';
  const buildFolder: Plugin = {
    name: 'btcp:app-shell-folder',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
  };
  return [
    buildFolder,
    ...VitePWA({
      strategies: 'generateSW',
      // A new version waits until the member chooses Reload (the app's update notice).
      registerType: 'prompt',
      injectRegister: false,
      filename: 'sw.js',
      manifestFilename: 'manifest.webmanifest',
      manifest: {
        id: '/',
        name: 'BTCP: KYC-Free Bitcoin Mining',
        short_name: 'BTCP',
        description:
          'Mine BTCP in your browser with no KYC and no download: 100 BTCP per hour in the early phase and 40 BTCP for every friend you refer.',
        start_url: '/dashboard',
        scope: '/',
        display: 'standalone',
        lang: 'en',
        // One colour each is all a manifest holds; the pages' theme-color metas follow the
        // system's light or dark scheme.
        theme_color: DARK_BACKGROUND,
        background_color: DARK_BACKGROUND,
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          {
            src: '/icons/icon-maskable-192.png',
            sizes: '192x192',
            type: 'image/png',
            purpose: 'maskable',
          },
          {
            src: '/icons/icon-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      workbox: {
        // Not first-paint.js: unhashed, a kept copy would meet the HTML of a newer version.
        globPatterns: ['offline.html', 'offline-theme.js', 'favicon.svg', 'assets/*.{js,css}'],
        // Every other chunk is kept when a page first uses it (below), not fetched at install:
        // a visitor's worker does not download the admin area.
        manifestTransforms: [
          async (entries) => {
            const shell = appShellAssets(outDir);
            const manifest = entries.filter(
              (entry) => !entry.url.startsWith('assets/') || shell.has(entry.url),
            );
            return { manifest, warnings: [] };
          },
        ],
        // No page is ever answered from a cache, the app's shell included: pages are the server's
        // (rendered, some of them private) and are fetched every time.
        navigateFallback: null,
        navigationPreload: true,
        inlineWorkboxRuntime: true,
        // Web Push (decision 063): the push and notificationclick handlers, in a small file of
        // their own that the server sends with no-cache, as it sends sw.js.
        importScripts: ['/push-sw.js'],
        cleanupOutdatedCaches: true,
        sourcemap: false,
        runtimeCaching: [
          {
            // A navigation goes to the network (the preload started beside the worker), and only
            // when that fails does the offline page answer. The API's addresses are never routed.
            urlPattern: ({ request, url }) =>
              request.mode === 'navigate' && !url.pathname.startsWith('/api/'),
            handler: 'NetworkOnly',
            options: { precacheFallback: { fallbackURL: OFFLINE_PAGE } },
          },
          {
            // Hashed files never change, so one kept copy is right for as long as it is used.
            urlPattern: ({ sameOrigin, url }) => sameOrigin && url.pathname.startsWith('/assets/'),
            handler: 'CacheFirst',
            options: {
              cacheName: 'btcp-assets',
              expiration: { maxEntries: 300, maxAgeSeconds: 30 * 24 * 60 * 60 },
              cacheableResponse: { statuses: [200] },
            },
          },
        ],
      },
    }),
  ];
}
