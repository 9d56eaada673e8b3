export { CLOSE_STRETCH_MAX } from './closing.ts';
export { adoptStream, type HandedStream } from './handover.ts';
export {
  BATCHES_CHANNEL,
  batchPublished,
  createRealtimeHub,
  type Envelope,
  type HandOver,
  INLINE_BATCH_MAX_BYTES,
  notification,
  purgeOldBatches,
  type RealtimeHub,
} from './hub.ts';
export { realtimeRoutes } from './routes.ts';
export { endReleased } from './wire.ts';
