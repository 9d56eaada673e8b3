import {
  CommentSchema,
  CommentsPageSchema,
  CommentsQuerySchema,
  CommentThreadQuerySchema,
  CommentThreadSchema,
  CommunityListQuerySchema,
  CommunityPageSchema,
  CommunityPostSchema,
  CommunitySearchQuerySchema,
  CommunityStatsSchema,
  CreateCommentBodySchema,
  CreateCommunityPostBodySchema,
  MediaSchema,
  VoteBodySchema,
  VoteResultSchema,
} from '@btcp/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams, routeOptions, type ZodApp } from '#server/lib/routes.ts';
import { SharedBody, sendWithEtag, settlesSharedPages } from '#server/lib/shared-pages.ts';
import { requireActiveUser, requireUser, signedInUser } from '#server/modules/auth/index.ts';
import { acceptingUploads, readUpload, storeImage } from '#server/modules/media/index.ts';
import { commentReaders } from './comment-routes.ts';
import { createComment, deleteOwnComment } from './comments.ts';
import { communityEditRoutes } from './edit-routes.ts';
import {
  communityStats,
  createPost,
  deleteOwnPost,
  getPost,
  type PublicPostPage,
  personalPage,
  readPublicPage,
} from './posts.ts';
import { assertHasUsername, rateLimitedAuthor, voteHit } from './rate-limits.ts';
import { searchKey, searchPosts } from './search.ts';
import { settled, settleSoon } from './settling.ts';
import { viewerOf } from './viewer.ts';
import { voteOnComment, voteOnPost } from './votes.ts';

const PostParamsSchema = idParams('post');
const CommentParamsSchema = idParams('comment');
const route = routeOptions(['community']);

/** What a post's and a comment's own routes (delete one's own, vote) differ in. */
interface OwnItem {
  path: string;
  /** Written whole, so a search for the URL finds its route. */
  votePath: string;
  params: typeof PostParamsSchema;
  deleteSummary: string;
  voteSummary: string;
  deleteOwn: (db: ZodApp['db'], id: string, userId: string, now: Date) => Promise<void>;
  vote: typeof voteOnPost;
}

const posts: OwnItem = {
  path: '/community/posts/:id',
  votePath: '/community/posts/:id/vote',
  params: PostParamsSchema,
  deleteSummary: 'Delete one’s own post, with its comments and votes',
  voteSummary: 'Vote: none → up or down, the same again → none, the opposite → switch',
  deleteOwn: deleteOwnPost,
  vote: voteOnPost,
};

const comments: OwnItem = {
  path: '/community/comments/:id',
  votePath: '/community/comments/:id/vote',
  params: CommentParamsSchema,
  deleteSummary: 'Delete one’s own comment: with replies it stays as "[deleted]", else it goes',
  voteSummary: 'Vote on a comment (the same rules as posts)',
  deleteOwn: deleteOwnComment,
  vote: voteOnComment,
};

/**
 * D17: authors delete their own post or comment (settled before the answer, as a post is); D1, D5:
 * a vote is one statement, its limit included, and the pages it changes settle after it answers.
 */
const ownItemRoutes = (app: ZodApp, item: OwnItem) => {
  app.delete(
    item.path,
    route(item.deleteSummary, {
      params: item.params,
      noContent: true,
      onRequest: requireUser,
      onSend: settlesSharedPages,
    }),
    async (request, reply) => {
      const userId = signedInUser(request).id;
      await item.deleteOwn(app.db, request.params.id, userId, app.clock.now());
      return reply.status(204).send(null);
    },
  );
  app.post(
    item.votePath,
    route(item.voteSummary, {
      params: item.params,
      body: VoteBodySchema,
      ok: VoteResultSchema,
      onRequest: requireActiveUser,
    }),
    async (request) => {
      const userId = signedInUser(request).id;
      const hit = voteHit(app.config, userId, app.clock.now());
      const result = await item.vote(app.db, userId, request.params.id, hit, request.body.type);
      settleSoon(app.sharedPages, request.log);
      return result;
    },
  );
};

/**
 * A page of posts as the public sees it (read once the settles under way here are done), with a
 * signed-in reader's own votes and posts marked on a copy of it.
 */
async function sendPostPage(
  request: FastifyRequest,
  reply: FastifyReply,
  read: () => Promise<PublicPostPage>,
) {
  const { db, sharedPages } = request.server;
  const viewer = await viewerOf(request);
  await settled(sharedPages);
  const shared = await read();
  if (!viewer.userId) return sendWithEtag(request, reply, shared.body, 'public');
  return sendWithEtag(request, reply, await personalPage(db, shared, viewer.userId), 'personal');
}

/** The posts: the list (its first pages shared by everyone), one post, a new post. */
function postRoutes(app: ZodApp) {
  app.get(
    '/community/posts',
    route('Visible posts (active and flagged), Hot, New or Top, in keyset pages of 20', {
      querystring: CommunityListQuerySchema,
      ok: CommunityPageSchema,
    }),
    async (request, reply) => {
      const { query } = request;
      // The first page of each sort and topic is built once for everyone (decision 013); later
      // pages are read on demand.
      return sendPostPage(request, reply, () =>
        query.cursor
          ? readPublicPage(app.db, query)
          : app.sharedPages.get(
              'community',
              `list:${query.sort}:${query.topic}:${query.limit}`,
              () => readPublicPage(app.db, query),
            ),
      );
    },
  );

  app.post(
    '/community/posts',
    route('Create a post, optionally with a topic and an uploaded community image', {
      body: CreateCommunityPostBodySchema,
      created: CommunityPostSchema,
      onRequest: requireActiveUser,
      onSend: settlesSharedPages,
    }),
    async (request, reply) => {
      const userId = await rateLimitedAuthor(request, 'post');
      const post = await createPost(app.db, userId, request.body, app.clock.now());
      return reply.status(201).send(post);
    },
  );

  app.get(
    '/community/posts/:id',
    route('One post; a removed post is 404 to everyone but admins and moderators', {
      params: PostParamsSchema,
      ok: CommunityPostSchema,
    }),
    async (request, reply) => {
      const { id } = request.params;
      const viewer = await viewerOf(request);
      if (viewer.userId === null && !(await viewer.isStaff())) {
        await settled(app.sharedPages);
        const body = await app.sharedPages.get('community', `post:${id}`, async () =>
          SharedBody.of(CommunityPostSchema, await getPost(app.db, id, viewer)),
        );
        return sendWithEtag(request, reply, body, 'public');
      }
      const post = await getPost(app.db, id, viewer);
      const body = SharedBody.of(CommunityPostSchema, post, false);
      return sendWithEtag(request, reply, body, 'personal');
    },
  );
}

/** Searches whose first pages each process keeps (decision 023): the popular ones, in effect. */
const KEPT_SEARCHES = 256;

/**
 * The search, public as the lists are. A search's first page is kept like a list's until the
 * community changes, but apart from them and only so many: what readers type has no end.
 */
function searchRoute(app: ZodApp) {
  const kept = app.sharedPages.bounded<PublicPostPage>('community', KEPT_SEARCHES);
  app.get(
    '/community/search',
    route('Search visible posts by words of their title (weighed more) and content, best first', {
      querystring: CommunitySearchQuerySchema,
      ok: CommunityPageSchema,
    }),
    async (request, reply) => {
      const { query } = request;
      // A kept first page costs nothing; a search the database must run waits for its bulkhead.
      const search = () =>
        app.bulkheads.search.run(() =>
          searchPosts(app.db, query, {
            windowPosts: app.config.SEARCH_WINDOW_POSTS,
            now: app.clock.now().getTime(),
          }),
        );
      return sendPostPage(request, reply, () =>
        query.cursor ? search() : kept.get(searchKey(query), search),
      );
    },
  );
}

/** A post's threads of comments, one comment's sub-thread, and a new comment or reply. */
function commentRoutes(app: ZodApp) {
  const { commentPage, commentThread } = commentReaders(app);
  app.get(
    '/community/posts/:id/comments',
    route('A post’s threads: top-level comments (New, Top, Old) in keyset pages, with replies', {
      params: PostParamsSchema,
      querystring: CommentsQuerySchema,
      ok: CommentsPageSchema,
    }),
    (request, reply) => commentPage(request, reply, request.params.id, request.query),
  );

  app.get(
    '/community/comments/:id/thread',
    route('One comment and its replies, 7 levels below it, with its post’s id', {
      params: CommentParamsSchema,
      querystring: CommentThreadQuerySchema,
      ok: CommentThreadSchema,
    }),
    (request, reply) => commentThread(request, reply, request.params.id, request.query.sort),
  );

  app.post(
    '/community/posts/:id/comments',
    route('Comment on a post, or reply to one of its comments (parentId)', {
      params: PostParamsSchema,
      body: CreateCommentBodySchema,
      created: CommentSchema,
      onRequest: requireActiveUser,
      onSend: settlesSharedPages,
    }),
    async (request, reply) => {
      const userId = await rateLimitedAuthor(request, 'comment');
      const comment = await createComment(
        app.db,
        userId,
        request.params.id,
        request.body,
        app.clock.now(),
      );
      return reply.status(201).send(comment);
    },
  );
}

/** The image a new post may carry, uploaded before the post. */
function imageUploadRoutes(app: ZodApp) {
  return acceptingUploads(async (uploads) => {
    uploads.post(
      '/community/images',
      route('Upload a post image (multipart, one field named file; JPEG, PNG, WebP or GIF)', {
        consumes: ['multipart/form-data'],
        created: MediaSchema,
        onRequest: requireActiveUser,
      }),
      async (request, reply) => {
        const userId = await rateLimitedAuthor(request, 'image');
        // Read first, then wait for the bulkhead: a slow sender must not hold a slot (decision 058).
        const input = await readUpload(request, 'community_image');
        // The first step of a post, refused as the post would be (decision 055), before storing.
        await assertHasUsername(app.db, userId);
        const stored = await app.bulkheads.uploads.run(() =>
          storeImage(app.db, app.mediaStorage, input, 'community_image', { userId }),
        );
        return reply.status(201).send(stored);
      },
    );
  });
}

/**
 * /api/community/*: reading is public (the caller is resolved, if any, for myVote and isMine);
 * posting, commenting and voting need an account that is not banned (D9); authors may delete
 * their own posts and comments (D17).
 */
export const communityRoutes: FastifyPluginAsyncZod = async (app) => {
  postRoutes(app);
  searchRoute(app);
  commentRoutes(app);
  for (const item of [posts, comments]) ownItemRoutes(app, item);
  app.get(
    '/community/stats',
    route('Sidebar figures: visible posts, registered members, members online (5 min)', {
      ok: CommunityStatsSchema,
    }),
    async () => {
      // This process's own requests count at once; another's within the second it waits to write.
      await app.lastSeen.flush();
      return communityStats(app.db, app.clock.now());
    },
  );
  await app.register(imageUploadRoutes(app));
  await app.register(communityEditRoutes);
};
