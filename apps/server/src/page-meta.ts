import { blogPostPageMeta } from './modules/blog/page-meta.ts';
import { communityPostPageMeta } from './modules/community/page-meta.ts';
import type { PageMetaResolver } from './plugins/spa.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Link previews for content pages (D18): the blog and community modules describe their own posts;
 * a malformed id is a missing post. Other pages keep the titles the SPA plugin gives them.
 */
export const resolvePageMeta: PageMetaResolver = async (request, route) => {
  if (route !== 'blogPost' && route !== 'communityPost') return undefined;
  const id = decodeURIComponent(request.url.split('?')[0]?.split('/')[2] ?? '');
  if (!UUID.test(id)) return null;
  const { db, config } = request.server;
  const describe = route === 'blogPost' ? blogPostPageMeta : communityPostPageMeta;
  return describe(db, id, config.publicOrigin);
};
