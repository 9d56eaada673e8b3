import type { ServiceContext } from '#server/context.ts';
import type { DatabaseHandle } from '#server/db/client.ts';
import { createDrainer, type Drainer } from '#server/lib/outbox.ts';
import { drainPushOutbox } from './delivery.ts';
import { PUSH_OUTBOX_CHANNEL } from './enqueue.ts';

/**
 * The push drainer of a process (decision 063): the generic outbox drainer, kicked by the NOTIFY
 * an enqueueing transaction sends on commit (in every process: whichever leases first sends),
 * and on a timer for retries and what a gap in the listener missed.
 */
export async function createPushDrainer(
  ctx: ServiceContext,
  database: DatabaseHandle,
  everyMs = 5_000,
): Promise<Drainer> {
  const drainer = createDrainer(() => drainPushOutbox(ctx), {
    everyMs,
    log: ctx.log,
    what: 'the push outbox',
  });
  const stopListening = await database.listen(PUSH_OUTBOX_CHANNEL, drainer.kick, drainer.kick);
  return {
    kick: drainer.kick,
    async stop() {
      await stopListening();
      await drainer.stop();
    },
  };
}
