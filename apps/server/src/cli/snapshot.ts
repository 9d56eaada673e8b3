// `npm run snapshot [-- --label Launch]`: takes a proof-of-balances snapshot now, as the daily job
// and the admin's button do (docs/decisions/053-proof-of-balances.md), and prints its record.
import { parseArgs } from 'node:util';
import { systemClock } from '#server/lib/clock.ts';
import { recordOf, takeSnapshotHere } from '#server/modules/proofs/index.ts';
import { loadConfig } from '../config.ts';
import { withServerDatabase } from './database.ts';

async function main() {
  const { values } = parseArgs({ options: { label: { type: 'string' } } });
  const config = loadConfig();
  await withServerDatabase(config, async (database) => {
    const started = performance.now();
    // This command is a process of its own already: it takes the snapshot itself.
    const id = await takeSnapshotHere(
      { db: database.db, config, clock: systemClock },
      { label: values.label ?? null },
    );
    const record = id === null ? null : await recordOf(database.db, id);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`Snapshot ${id} taken in ${seconds} s:`);
    console.log(JSON.stringify(record, null, 2));
  });
}

await main();
