import { blogApi } from '@btcp/shared/blog';
import type { BlogPost } from '@btcp/shared/blog-schemas';
import { communityApi } from '@btcp/shared/community';
import type { CommunityPost } from '@btcp/shared/community-schemas';
import { blogPostPageMeta } from '#server/modules/blog/index.ts';
import { communityPostPageMeta } from '#server/modules/community/index.ts';
import { readAsCaller } from './lib/caller-fetch.ts';
import type { PageMetaResolver } from './plugins/spa.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Link previews for content pages (D18): the post as the API gives it to the caller, described by
 * its module; a malformed id, or a post the caller may not see, is a missing page. The read is
 * the one the page's render makes, so the post is read once. Other pages keep the titles the SPA
 * plugin gives them.
 */
export const resolvePageMeta: PageMetaResolver = async (route, pathname, fetch, origin) => {
  if (route !== 'blogPost' && route !== 'communityPost') return undefined;
  const id = pathname.split('/')[2] ?? '';
  if (!UUID.test(id)) return null;
  if (route === 'blogPost') {
    const post = await readAsCaller<BlogPost>(fetch, `/api${blogApi.post(id)}`);
    return post && blogPostPageMeta(post, origin);
  }
  const post = await readAsCaller<CommunityPost>(fetch, `/api${communityApi.post(id)}`);
  return post && communityPostPageMeta(post, origin);
};
