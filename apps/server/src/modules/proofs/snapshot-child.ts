// The snapshot process (snapshot-process.ts): takes the one snapshot it is sent, answers its id
// or its error, and ends. It ends too when the server that started it goes away.
import { openDatabase } from '#server/db/client.ts';
import { postgresCode } from '#server/db/errors.ts';
import { takeSnapshotHere } from './snapshot.ts';
import type { SnapshotAnswer, SnapshotJob } from './snapshot-process.ts';

async function take(job: SnapshotJob): Promise<SnapshotAnswer> {
  const database = await openDatabase(job.target, { poolSize: 1 });
  try {
    const started = performance.now();
    const clock = { now: () => new Date(job.now + (performance.now() - started)) };
    return {
      id: await takeSnapshotHere({ db: database.db, config: job.config, clock }, job.options),
    };
  } catch (error) {
    const { name, message } = error as Error;
    const code = postgresCode(error);
    return { error: { name, message, ...(code ? { code } : {}) } };
  } finally {
    await database.close();
  }
}

process.once('disconnect', () => process.exit(0));
process.once('message', async (job) => {
  process.send?.(await take(job as SnapshotJob));
});
