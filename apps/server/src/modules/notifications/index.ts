export { notificationRoutes } from './routes.ts';
export { notify, purgeOldReadNotifications } from './service.ts';
