import { BLOG_RSS_PATH } from '@btcp/shared/blog';
import { SITE_NAME } from '@btcp/shared/paths';
import type { RenderedPage } from '@btcp/shared/server-render';
import { escapeHtml } from './html.ts';

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

/** A page the server rendered, with the <link rel="modulepreload"> tags of its route's chunks. */
export interface AppMarkup extends RenderedPage {
  preloads: string;
}

export interface PageTemplate {
  /**
   * The page's HTML: its own title, description and preview tags (D18), and, when the server
   * rendered it, the app's markup and data in #root.
   */
  fill(meta: PageMeta, app?: AppMarkup): string;
}

type Slot = 'head' | 'scripts' | 'root' | 'bodyEnd' | 'removed';

/** The app's scripts and the modules they preload, as Vite writes them into the page's head. */
const APP_SCRIPTS = /\s*(?:<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>)/g;
const ROOT = '<div id="root"></div>';

const metaTag = (attribute: 'name' | 'property', key: string, content: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;

function headTags(meta: PageMeta): string {
  return [
    `<title>${escapeHtml(meta.title)}</title>`,
    metaTag('name', 'description', meta.description),
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
}

/**
 * Reads the built index.html once, at start: where the page's own head goes (in place of the
 * build's title and description), where the app's scripts stand, #root and the body's end. A
 * page is then its parts joined with what fills each place, so no request patches the HTML with
 * patterns (and no `$&` in a user's title can be read as one).
 */
export function parsePageTemplate(html: string): PageTemplate {
  const places: { start: number; end: number; slot: Slot }[] = [];
  const place = (pattern: RegExp, slot: Slot) => {
    const match = pattern.exec(html);
    if (match) places.push({ start: match.index, end: match.index + match[0].length, slot });
    return match !== null;
  };
  // Without a <title>, the page's head goes just before </head>.
  if (!place(/<title>[^<]*<\/title>/, 'head')) place(/(?=<\/head>)/, 'head');
  place(/\s*<meta name="description" content="[^"]*"\s*\/?>/, 'removed');
  place(/<div id="root"><\/div>/, 'root');
  place(/<\/body>/, 'bodyEnd');
  const scripts: string[] = [];
  for (const match of html.matchAll(APP_SCRIPTS)) {
    scripts.push(match[0]);
    const slot = scripts.length === 1 ? 'scripts' : 'removed';
    places.push({ start: match.index, end: match.index + match[0].length, slot });
  }
  places.sort((a, b) => a.start - b.start);

  const parts: string[] = [];
  let from = 0;
  for (const { start, end } of places) {
    parts.push(html.slice(from, start));
    from = end;
  }
  parts.push(html.slice(from));
  // The shell keeps them as the build wrote them; the template holds them one after another.
  const shellScripts = scripts.join('');
  const appScripts = scripts.map((tag) => tag.trim()).join('');

  return {
    fill(meta, app) {
      const fills: Record<Slot, string> = {
        head: headTags(meta),
        // A rendered page is on screen without the app: its scripts, and the route's chunks
        // they will import, wait in an inert template that `public/first-paint.js` starts once
        // the page has painted (docs/decisions/016).
        scripts: app ? '' : shellScripts,
        root: app ? `<div id="root">${app.html}</div>${app.dataScript}` : ROOT,
        bodyEnd: app
          ? `<template id="app-scripts">${appScripts}${app.preloads}</template></body>`
          : '</body>',
        removed: '',
      };
      let page = parts[0] ?? '';
      places.forEach(({ slot }, index) => {
        page += fills[slot] + (parts[index + 1] ?? '');
      });
      return page;
    },
  };
}
