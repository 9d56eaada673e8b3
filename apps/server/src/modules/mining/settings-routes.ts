import {
  MiningSettingsSchema,
  StoredMiningSettingsSchema,
  StoredStreakSettingsSchema,
  StreakSettingsSchema,
} from '@btcp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOptions } from '#server/lib/routes.ts';
import { signedInStaff } from '#server/modules/auth/index.ts';
import { loadSettings, streakSettings, toMiningSettings } from '#server/modules/settings/index.ts';
import { updateMiningSettings } from './settings.ts';

const route = routeOptions(['admin']);

/**
 * /api/admin/settings/*: registered in the admin-only scope, whose guard answers everyone else
 * 401 or 403. A change is audited and applies to sessions started afterwards.
 */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/mining',
    route('Mining phases, rates, reward interval and referral bonus', {
      ok: StoredMiningSettingsSchema,
    }),
    async () => toMiningSettings(await loadSettings(app.db)),
  );

  app.put(
    '/mining',
    route('Change the mining settings (audited); new sessions use the new rate', {
      body: MiningSettingsSchema,
      ok: StoredMiningSettingsSchema,
    }),
    async (request) => {
      const saved = await updateMiningSettings(app.db, signedInStaff(request), request.body);
      // Every process starts the next session at the new rate.
      await app.settings.settle();
      return saved;
    },
  );

  app.get(
    '/streaks',
    route('Mining days and streaks: the qualifying time and the bonus per 7-day milestone', {
      ok: StoredStreakSettingsSchema,
    }),
    async () => streakSettings.load(app.db),
  );

  app.put(
    '/streaks',
    route('Change the mining-day time and the streak bonus (audited); from the next payment on', {
      body: StreakSettingsSchema,
      ok: StoredStreakSettingsSchema,
    }),
    async (request) => {
      const saved = await streakSettings.save(app.db, signedInStaff(request), request.body);
      // Every process counts the next payment's days with the new settings.
      await app.settings.settle();
      return saved;
    },
  );
};
