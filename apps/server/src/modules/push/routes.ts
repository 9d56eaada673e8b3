import {
  PushDeviceSchema,
  PushPreferencesSchema,
  PushSettingsSchema,
  PushStateSchema,
  PushSubscriptionInputSchema,
} from '@btcp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams, noStore, routeOptions } from '#server/lib/routes.ts';
import { requireUser, signedInStaff, signedInUser } from '#server/modules/auth/index.ts';
import { pushState, savePreferences, subscribe, unsubscribe } from './service.ts';
import { pushSettings } from './settings.ts';

const route = routeOptions(['push']);

/**
 * /api/push/*: the signed-in member's own push settings and devices (decision 063). Staff-only
 * admin accounts are no member, so an admin session alone is a 401, as for notifications.
 */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireUser);

  app.get(
    '/push',
    route('Push notifications: whether the site sends them, the key, your switches and devices', {
      ok: PushStateSchema,
      onSend: noStore,
    }),
    async (request) => pushState(app, signedInUser(request).id),
  );

  app.put(
    '/push/preferences',
    route('Choose which kinds of push notification you get', {
      body: PushPreferencesSchema,
      ok: PushPreferencesSchema,
      onSend: noStore,
    }),
    async (request) => savePreferences(app.db, signedInUser(request).id, request.body),
  );

  app.post(
    '/push/subscriptions',
    route(
      'Get push notifications on this browser (its PushSubscription); the same one again updates it',
      {
        body: PushSubscriptionInputSchema,
        created: PushDeviceSchema,
        onSend: noStore,
      },
    ),
    async (request, reply) => {
      const device = await subscribe(
        app,
        signedInUser(request).id,
        request.body,
        request.headers['user-agent'] ?? null,
      );
      return reply.status(201).send(device);
    },
  );

  app.delete(
    '/push/subscriptions/:id',
    route('Stop push notifications on one of your devices', {
      params: idParams('device'),
      noContent: true,
    }),
    async (request, reply) => {
      await unsubscribe(app.db, signedInUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );
};

const adminRoute = routeOptions(['admin']);

/** /api/admin/settings/push: registered in the admin-only scope, whose guard answers everyone else. */
export const pushSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/push',
    adminRoute('Whether the site sends push notifications', { ok: PushSettingsSchema }),
    async () => pushSettings.load(app.db),
  );

  app.put(
    '/push',
    adminRoute('Turn push notifications on or off for everyone (audited)', {
      body: PushSettingsSchema,
      ok: PushSettingsSchema,
    }),
    async (request) => pushSettings.save(app.db, signedInStaff(request), request.body),
  );
};
