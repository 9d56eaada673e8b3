import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { callerFetch } from '#server/lib/caller-fetch.ts';
import { parsePageTemplate } from '#server/lib/page-template.ts';

const BUILT = [
  '<!doctype html><html><head><meta charset="UTF-8" />',
  '<title>BTCP</title>',
  '<meta name="description" content="The build\'s own" />',
  '<script type="module" crossorigin src="/assets/index-1.js"></script>',
  '<link rel="modulepreload" crossorigin href="/assets/react-2.js">',
  '</head><body><div id="root"></div></body></html>',
].join('\n');

const meta = { title: `$' $& <b>`, description: 'About "it" & more' };

describe('the page template', () => {
  it('puts the page head in place of the build title, with a user title taken literally', () => {
    const html = parsePageTemplate(BUILT).fill(meta);
    expect(html).toContain("<title>$' $&amp; &lt;b&gt;</title>");
    expect(html).toContain('<meta name="description" content="About &quot;it&quot; &amp; more" />');
    expect(html).not.toContain('<title>BTCP</title>');
    expect(html).not.toContain("The build's own");
    // The shell keeps the app's scripts where the build put them.
    expect(html.indexOf('index-1.js')).toBeLessThan(html.indexOf('</head>'));
    expect(html).toContain('<div id="root"></div></body>');
  });

  it('moves the scripts of a rendered page into the template that starts them after paint', () => {
    const html = parsePageTemplate(BUILT).fill(meta, {
      html: '<main>$&</main>',
      dataScript: '<script type="application/json" id="server-data">{}</script>',
      preloads: '<link rel="modulepreload" crossorigin href="/assets/page-3.js">',
    });
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).not.toContain('<script type="module"');
    expect(head).not.toContain('modulepreload');
    expect(html).toContain(
      '<div id="root"><main>$&</main></div><script type="application/json" id="server-data">{}</script>',
    );
    expect(html).toMatch(
      /<template id="app-scripts"><script type="module" crossorigin src="\/assets\/index-1\.js"><\/script><link rel="modulepreload" crossorigin href="\/assets\/react-2\.js"><link rel="modulepreload" crossorigin href="\/assets\/page-3\.js"><\/template><\/body>/,
    );
  });

  it('gives a template without a title the page head before </head>', () => {
    const html = parsePageTemplate(
      '<html><head></head><body><div id="root"></div></body></html>',
    ).fill({ title: 'Blog | BTCP', description: 'd' });
    expect(html).toMatch(/<head><title>Blog \| BTCP<\/title>[\s\S]*<\/head><body>/);
  });
});

describe("a page's reads as its caller", () => {
  it('reads an address once however often the page asks for it, with the caller cookie', async () => {
    const app = Fastify();
    const seen: (string | undefined)[] = [];
    app.get('/api/thing', async (request) => {
      seen.push(request.headers.cookie);
      return { n: seen.length };
    });
    app.get('/page', async (request) => {
      const fetch = callerFetch(app, request);
      const first = await (await fetch('/api/thing', { method: 'GET' })).json();
      const second = await (await fetch('/api/thing', { method: 'GET' })).json();
      return { first, second };
    });
    const page = await app.inject({ url: '/page', headers: { cookie: 'a=1' } });
    expect(page.json()).toEqual({ first: { n: 1 }, second: { n: 1 } });
    expect(seen).toEqual(['a=1']);
    await app.close();
  });
});
