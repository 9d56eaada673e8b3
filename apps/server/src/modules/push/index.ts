export { drainPushOutbox } from './delivery.ts';
export { createPushDrainer } from './drainer.ts';
export {
  enqueuePush,
  enqueuePushWith,
  PUSH_OUTBOX_CHANNEL,
  queueMiningStopped,
} from './enqueue.ts';
export { purgeOldPushCounts, pushAttemptTotals, pushLastHour } from './figures.ts';
export { pushRoutes, pushSettingsRoutes } from './routes.ts';
export { pushDataOf } from './service.ts';
export { queueStreakReminders } from './streak-reminders.ts';
export { vapidKeys } from './vapid.ts';
