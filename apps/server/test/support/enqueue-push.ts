// The bench's way into the server's own set-wise enqueue (the push fan-out scenario): queues one
// notification for every member who has a device, in one enqueuePush statement that kicks every
// process's drainer. It prints "ready" once connected, queues when a line comes on its standard
// input (so its start-up is not measured), then prints {"queued", "startedAt" (ms since the
// epoch), "ms"} as JSON.
// A process of its own because the module's types need the server's Fastify declarations, which
// the bench's typecheck does not load.
//
//   node --import tsx apps/server/test/support/enqueue-push.ts <database url> <kind> <payload JSON>
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { type PushKind, PushPayloadSchema, pushKindValues } from '@btcp/shared';
import { openDatabase } from '#server/db/client.ts';
import { pushSubscriptions } from '#server/db/schema.ts';
import { enqueuePush } from '#server/modules/push/index.ts';

const [url, kind, payload] = process.argv.slice(2);
if (!url || !pushKindValues.includes(kind as PushKind) || !payload) {
  throw new Error('usage: enqueue-push.ts <database url> <kind> <payload JSON>');
}
const database = await openDatabase({ kind: 'postgres', url }, { poolSize: 1 });
try {
  const members = await database.db
    .selectDistinct({ id: pushSubscriptions.userId })
    .from(pushSubscriptions);
  const lines = createInterface({ input: process.stdin });
  console.log('ready');
  await once(lines, 'line');
  lines.close();
  const startedAt = Date.now();
  const began = performance.now();
  const queued = await enqueuePush(
    database.db,
    kind as PushKind,
    members.map((member) => member.id),
    PushPayloadSchema.parse(JSON.parse(payload)),
  );
  console.log(JSON.stringify({ queued, startedAt, ms: performance.now() - began }));
} finally {
  await database.close();
}
