import {
  BanSignalBodySchema,
  DismissSignalBodySchema,
  SignalReviewResultSchema,
  SignalsSchema,
} from '@btcp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOptions } from '#server/lib/routes.ts';
import { settlesSharedPages } from '#server/lib/shared-pages.ts';
import { signedInStaff } from '#server/modules/auth/index.ts';
import { banCluster, dismissCluster, listSignals } from './service.ts';

const route = routeOptions(['admin']);

/**
 * /api/admin/signals*: registered in the admin-only scope (decision 033), whose guard answers
 * everyone else 401 or 403 before any body is read.
 */
export const signalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/signals',
    route(
      'Clusters of accounts that may be farmed: by network, referral tree, mining address, held referral',
      {
        ok: SignalsSchema,
      },
    ),
    async () => ({ clusters: await listSignals(app.db, app.clock.now()) }),
  );

  app.post(
    '/signals/ban',
    route('Ban every account of a cluster (audited); their sessions and mining end', {
      body: BanSignalBodySchema,
      ok: SignalReviewResultSchema,
      // Bans show as badges beside the members' posts in the public lists.
      onSend: settlesSharedPages,
    }),
    async (request) => {
      const result = await banCluster(
        app.db,
        signedInStaff(request),
        request.body,
        app.clock.now(),
      );
      // The bans and ended sessions hold in every process before the admin sees them done.
      await app.sessionCache.settle();
      return result;
    },
  );

  app.post(
    '/signals/dismiss',
    route(
      'Mark a cluster as fine (audited); a held referral is released and paid if it qualifies',
      {
        body: DismissSignalBodySchema,
        ok: SignalReviewResultSchema,
        // A reviewed cluster's members may appear on the leaderboard again (migration 0026):
        // every process has dropped its kept board before the admin sees the review done.
        onSend: settlesSharedPages,
      },
    ),
    async (request) =>
      dismissCluster(app.db, signedInStaff(request), request.body, app.clock.now()),
  );
};
