import {
  AccountSchema,
  LEADERBOARD_REFRESH_SECONDS,
  LeaderboardOptInBodySchema,
  LeaderboardPageSchema,
  LeaderboardQuerySchema,
  MyLeaderboardSchema,
} from '@btcp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noStore, routeOptions } from '#server/lib/routes.ts';
import { SharedBody, sendWithEtag, settlesSharedPages } from '#server/lib/shared-pages.ts';
import { getAccount } from '#server/modules/accounts/index.ts';
import { requireUser, signedInUser } from '#server/modules/auth/index.ts';
import { leaderboardPage, myLeaderboard, setShowOnLeaderboard, weekStart } from './service.ts';

const route = routeOptions(['leaderboard']);
/** The first page of each period and size kept; older minutes fall out first. */
const KEPT_PAGES = 16;

/**
 * D28's leaderboard. The first page of each period is kept in every process (decision 013's
 * shared pages) for a minute of the app's clock, since paid mining changes it all the time and
 * no trigger could follow that cheaply; who may appear (an opt-out, a ban, a deletion, a Signals
 * review) drops it at once (migration 0026).
 */
export const leaderboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const kept = app.sharedPages.bounded<SharedBody>('leaderboard', KEPT_PAGES);

  app.get(
    '/leaderboard',
    route('Members who chose to appear, ranked by time mined this week or all-time', {
      querystring: LeaderboardQuerySchema,
      ok: LeaderboardPageSchema,
    }),
    async (request, reply) => {
      const now = app.clock.now();
      const build = async () =>
        SharedBody.of(
          LeaderboardPageSchema,
          await leaderboardPage(app.db, request.query, now),
          !request.query.cursor,
        );
      const { period, limit, cursor } = request.query;
      const minute = Math.floor(now.getTime() / (LEADERBOARD_REFRESH_SECONDS * 1000));
      const body = cursor
        ? await build()
        : await kept.get(`${period}:${limit}:${weekStart(now)}:${minute}`, build);
      return sendWithEtag(request, reply, body, 'public');
    },
  );

  await app.register(memberLeaderboardRoutes);
};

/** The member's own rank and their choice; a member session is required. */
const memberLeaderboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireUser);

  app.get(
    '/leaderboard/me',
    route('The signed-in member’s rank this week and all-time, or why they are not shown', {
      ok: MyLeaderboardSchema,
      onSend: noStore,
    }),
    async (request) => myLeaderboard(app.db, signedInUser(request).id, app.clock.now()),
  );

  app.put(
    '/account/leaderboard',
    route('Show or hide the member on the leaderboard (showing needs a username)', {
      body: LeaderboardOptInBodySchema,
      ok: AccountSchema,
      // The kept pages are dropped in every process before the member hears.
      onSend: settlesSharedPages,
    }),
    async (request) => {
      const userId = signedInUser(request).id;
      await setShowOnLeaderboard(app.db, userId, request.body.show, app.clock.now());
      return getAccount(app.db, userId);
    },
  );
};
