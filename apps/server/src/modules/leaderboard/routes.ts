import {
  AccountSchema,
  LEADERBOARD_REFRESH_SECONDS,
  LeaderboardOptInBodySchema,
  LeaderboardPageSchema,
  type LeaderboardPeriod,
  LeaderboardQuerySchema,
  MyLeaderboardSchema,
} from '@btcp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noStore, routeOptions } from '#server/lib/routes.ts';
import { SharedBody, sendWithEtag, settlesSharedPages } from '#server/lib/shared-pages.ts';
import { getAccount } from '#server/modules/accounts/index.ts';
import { requireUser, signedInUser } from '#server/modules/auth/index.ts';
import {
  leaderboardPage,
  myLeaderboard,
  type RankedBoard,
  rankedBoard,
  setShowOnLeaderboard,
  weekStart,
} from './service.ts';

const route = routeOptions(['leaderboard']);
/** The first page of each period and size kept; older minutes fall out first. */
const KEPT_PAGES = 16;
/** Both periods' boards of this minute and the last. */
const KEPT_BOARDS = 4;

/**
 * D28's leaderboard. Each period's whole ranked board, and the first page of each period as sent,
 * are kept in every process (decision 013's shared pages) for a minute of the app's clock, since
 * paid mining changes them all the time and no trigger could follow that cheaply; who may appear
 * (an opt-out, a ban, a deletion, a Signals review) drops them at once (migration 0026).
 */
export const leaderboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const kept = app.sharedPages.bounded<SharedBody>('leaderboard', KEPT_PAGES);
  // Each period's whole board, for this minute (and this week): a page, a next page and a
  // member's own rank read it, never the database.
  const boards = app.sharedPages.bounded<RankedBoard>('leaderboard', KEPT_BOARDS);
  const minuteOf = (now: Date) => Math.floor(now.getTime() / (LEADERBOARD_REFRESH_SECONDS * 1000));
  const boardOf = (period: LeaderboardPeriod, now: Date) =>
    boards.get(`${period}:${weekStart(now)}:${minuteOf(now)}`, () =>
      rankedBoard(app.db, period, now),
    );

  app.get(
    '/leaderboard',
    route('Members who chose to appear, ranked by time mined this week or all-time', {
      querystring: LeaderboardQuerySchema,
      ok: LeaderboardPageSchema,
    }),
    async (request, reply) => {
      const now = app.clock.now();
      const { period, limit, cursor } = request.query;
      const build = async () =>
        SharedBody.of(
          LeaderboardPageSchema,
          leaderboardPage(await boardOf(period, now), request.query),
          !cursor,
        );
      const body = cursor
        ? await build()
        : await kept.get(`${period}:${limit}:${weekStart(now)}:${minuteOf(now)}`, build);
      return sendWithEtag(request, reply, body, 'public');
    },
  );

  await app.register(memberLeaderboardRoutes, { boardOf });
};

/** The member's own rank and their choice; a member session is required. */
const memberLeaderboardRoutes: FastifyPluginAsyncZod<{
  boardOf: (period: LeaderboardPeriod, now: Date) => Promise<RankedBoard>;
}> = async (app, { boardOf }) => {
  app.addHook('onRequest', requireUser);

  app.get(
    '/leaderboard/me',
    route('The signed-in member’s rank this week and all-time, or why they are not shown', {
      ok: MyLeaderboardSchema,
      onSend: noStore,
    }),
    async (request) => {
      const now = app.clock.now();
      return myLeaderboard(app.db, signedInUser(request).id, now, (period) => boardOf(period, now));
    },
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
