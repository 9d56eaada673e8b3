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
/** The first page of each period and size kept. */
const KEPT_FIRST_PAGES = 16;
/** Later pages kept apart, so a flood of cursors never pushes out the first pages. */
const KEPT_NEXT_PAGES = 64;
/** Both periods' boards, of this week and the last. */
const KEPT_BOARDS = 4;
const REFRESH_MS = LEADERBOARD_REFRESH_SECONDS * 1000;

/** A period's board as kept: the one served, and its rebuild while one runs. */
interface KeptBoard {
  board: RankedBoard;
  rebuilding: Promise<void> | null;
}

/**
 * D28's leaderboard. Each period's whole ranked board, and its pages as sent, are kept in every
 * process (decision 013's shared pages), since paid mining changes them all the time and no
 * trigger could follow that cheaply; who may appear (an opt-out, a ban, a deletion, a Signals
 * review) drops them at once (migration 0026). A board a minute old is rebuilt in the background
 * while readers are still served it, so no visitor waits for the aggregate (decision 062); one two
 * minutes old (a quiet site) is not served but waited for.
 */
export const leaderboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const firstPages = app.sharedPages.bounded<SharedBody>('leaderboard', KEPT_FIRST_PAGES);
  const nextPages = app.sharedPages.bounded<SharedBody>('leaderboard', KEPT_NEXT_PAGES);
  const boards = app.sharedPages.bounded<KeptBoard>('leaderboard', KEPT_BOARDS);
  const boardOf = async (period: LeaderboardPeriod, now: Date) => {
    const kept = await boards.get(`${period}:${weekStart(now)}`, async () => ({
      board: await rankedBoard(app.db, period, now),
      rebuilding: null,
    }));
    const age = now.getTime() - kept.board.builtAt.getTime();
    if (age < REFRESH_MS) return kept.board;
    kept.rebuilding ??= rankedBoard(app.db, period, now)
      .then((board) => {
        kept.board = board;
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'rebuilding the leaderboard failed'))
      .finally(() => {
        kept.rebuilding = null;
      });
    if (age >= 2 * REFRESH_MS) await kept.rebuilding;
    return kept.board;
  };

  app.get(
    '/leaderboard',
    route('Members who chose to appear, ranked by time mined this week or all-time', {
      querystring: LeaderboardQuerySchema,
      ok: LeaderboardPageSchema,
    }),
    async (request, reply) => {
      const { period, limit, cursor } = request.query;
      const board = await boardOf(period, app.clock.now());
      // Keyed by the board it was read from: a rebuilt board has pages of its own.
      const key = `${period}:${limit}:${board.builtAt.getTime()}:${cursor ?? ''}`;
      const body = await (cursor ? nextPages : firstPages).get(key, async () =>
        SharedBody.of(LeaderboardPageSchema, leaderboardPage(board, request.query)),
      );
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
