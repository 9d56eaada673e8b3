import {
  NotificationParamsSchema,
  NotificationsPageSchema,
  NotificationsQuerySchema,
  UnreadCountSchema,
} from '@btcp/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noStore, routeOptions } from '#server/lib/routes.ts';
import { requireUser, signedInUser } from '#server/modules/auth/index.ts';
import { listNotifications, markAllRead, markRead, unreadCount } from './service.ts';

const route = routeOptions(['notifications']);

/**
 * /api/notifications/*: the signed-in member's own notices. Staff-only admin accounts have none
 * (they are no member), so an admin session alone is a 401 here. Banned members may read and
 * mark theirs read: that changes nothing anyone else sees (D9).
 */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireUser);

  app.get(
    '/notifications',
    route('Your notifications, newest first, in keyset pages, with the unread count', {
      querystring: NotificationsQuerySchema,
      ok: NotificationsPageSchema,
      onSend: noStore,
    }),
    async (request) => listNotifications(app.db, signedInUser(request).id, request.query),
  );

  app.get(
    '/notifications/unread',
    route('How many of your notifications are unread', { ok: UnreadCountSchema, onSend: noStore }),
    async (request) => ({ unread: await unreadCount(app.db, signedInUser(request).id) }),
  );

  app.post(
    '/notifications/read-all',
    route('Marks all your notifications read', { ok: UnreadCountSchema, onSend: noStore }),
    async (request) => markAllRead(app.db, signedInUser(request).id),
  );

  app.post(
    '/notifications/:id/read',
    route('Marks one of your notifications read', {
      params: NotificationParamsSchema,
      ok: UnreadCountSchema,
      onSend: noStore,
    }),
    async (request) => markRead(app.db, signedInUser(request).id, request.params.id),
  );
};
