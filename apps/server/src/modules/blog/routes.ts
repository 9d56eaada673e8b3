import {
  AdminBlogPageSchema,
  BlogListQuerySchema,
  BlogPageSchema,
  BlogPostBodySchema,
  BlogPostSchema,
  blogMessages,
  MediaSchema,
} from '@btcp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '#server/errors.ts';
import { idParams, routeOptions, type ZodApp } from '#server/lib/routes.ts';
import { SharedBody, sendWithEtag, settlesSharedPages } from '#server/lib/shared-pages.ts';
import { signedInStaff } from '#server/modules/auth/index.ts';
import { acceptingUploads, readUpload, storeImage } from '#server/modules/media/index.ts';
import {
  deletePost,
  findAnyPost,
  findPublishedPost,
  listAllPosts,
  listPublishedPosts,
  savePost,
  toBlogPost,
} from './service.ts';

const route = routeOptions(['blog']);
const editorRoute = routeOptions(['admin blog']);

const IdParamsSchema = idParams('post');

/** GET /api/blog/posts and /api/blog/posts/{id}: published posts only, for everyone. */
export const blogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/blog/posts',
    route('Published blog posts, newest first', {
      querystring: BlogListQuerySchema,
      ok: BlogPageSchema,
    }),
    async (request, reply) => {
      const { page, pageSize } = request.query;
      const body = await app.sharedPages.get('blog', `list:${page}:${pageSize}`, async () => {
        return SharedBody.of(BlogPageSchema, await listPublishedPosts(app.db, request.query));
      });
      return sendWithEtag(request, reply, body, 'public');
    },
  );

  app.get(
    '/blog/posts/:id',
    route('One published blog post; drafts answer 404', {
      params: IdParamsSchema,
      ok: BlogPostSchema,
    }),
    async (request, reply) => {
      const { id } = request.params;
      const body = await app.sharedPages.get('blog', `post:${id}`, async () => {
        const row = await findPublishedPost(app.db, id);
        if (!row) throw notFound(blogMessages.notFound);
        return SharedBody.of(BlogPostSchema, toBlogPost(row));
      });
      return sendWithEtag(request, reply, body, 'public');
    },
  );
};

/** Every post, drafts included, for the editor. */
function blogEditorReadRoutes(app: ZodApp) {
  app.get(
    '/blog/posts',
    editorRoute('Every blog post, drafts included, newest first', {
      querystring: BlogListQuerySchema,
      ok: AdminBlogPageSchema,
    }),
    async (request) => listAllPosts(app.db, request.query),
  );

  app.get(
    '/blog/posts/:id',
    editorRoute('One blog post, draft or published, for editing', {
      params: IdParamsSchema,
      ok: BlogPostSchema,
    }),
    async (request) => findAnyPost(app.db, request.params.id),
  );
}

/** Creating, replacing and deleting posts, each audited with its staff member. */
function blogEditorWriteRoutes(app: ZodApp) {
  app.post(
    '/blog/posts',
    editorRoute('Create a blog post (a draft unless published is true)', {
      body: BlogPostBodySchema,
      created: BlogPostSchema,
    }),
    async (request, reply) => {
      const post = await savePost(
        app.db,
        signedInStaff(request),
        null,
        request.body,
        app.clock.now(),
      );
      return reply.status(201).send(post);
    },
  );

  app.put(
    '/blog/posts/:id',
    editorRoute('Replace a blog post’s fields; sets updated_at', {
      params: IdParamsSchema,
      body: BlogPostBodySchema,
      ok: BlogPostSchema,
    }),
    async (request) =>
      savePost(app.db, signedInStaff(request), request.params.id, request.body, app.clock.now()),
  );

  app.delete(
    '/blog/posts/:id',
    editorRoute('Delete a blog post', { params: IdParamsSchema, noContent: true }),
    async (request, reply) => {
      await deletePost(app.db, signedInStaff(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}

/** A cover image upload: the one multipart route of the blog. */
async function blogCoverUploadRoute(app: ZodApp) {
  await app.register(
    acceptingUploads(async (uploads) => {
      uploads.post(
        '/media/blog-cover',
        editorRoute(
          'Upload a cover image (multipart, one field named file; JPEG, PNG, WebP or GIF)',
          { consumes: ['multipart/form-data'], created: MediaSchema },
        ),
        async (request, reply) => {
          const staff = signedInStaff(request);
          const owner = staff.role === 'admin' ? { adminId: staff.id } : { userId: staff.id };
          // Read first, then wait for the bulkhead: a slow sender must not hold a slot.
          const input = await readUpload(request, 'blog_cover');
          const stored = await app.bulkheads.uploads.run(() =>
            storeImage(app.db, app.mediaStorage, input, 'blog_cover', owner),
          );
          return reply.status(201).send(stored);
        },
      );
    }),
  );
}

/**
 * /api/admin/blog/* and the cover upload: registered in the admin staff scope, so admins and
 * moderators may use them (D7) and everyone else gets 401 or 403.
 */
export const blogAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  // A published change shows on the public blog in every process before the editor hears of it.
  app.addHook('onSend', settlesSharedPages);
  blogEditorReadRoutes(app);
  blogEditorWriteRoutes(app);
  await blogCoverUploadRoute(app);
};
