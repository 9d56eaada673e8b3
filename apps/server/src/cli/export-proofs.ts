// `npm run export-proofs -- --snapshot ID --out FILE`: every account's amount and proof in a
// snapshot, for the operator (a launch), as JSON Lines: the record and its key first, then one line
// per account { userId, email, proof }. With the first line, each one is a file verify-proof reads.

import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { parseArgs } from 'node:util';
import { exportProofs } from '#server/modules/proofs/index.ts';
import { loadConfig } from '../config.ts';
import { withServerDatabase } from './database.ts';

async function main() {
  const { values } = parseArgs({
    options: { snapshot: { type: 'string' }, out: { type: 'string' } },
  });
  const snapshotId = Number(values.snapshot);
  if (!Number.isSafeInteger(snapshotId) || snapshotId < 1 || !values.out) {
    console.error('usage: npm run export-proofs -- --snapshot ID --out FILE');
    process.exit(2);
  }
  const config = loadConfig();
  const out = values.out;
  await withServerDatabase(config, async (database) => {
    const file = createWriteStream(out);
    try {
      const written = await exportProofs({ db: database.db, config }, snapshotId, async (line) => {
        if (!file.write(`${JSON.stringify(line)}\n`)) await once(file, 'drain');
      });
      console.log(`${written} proofs of snapshot ${snapshotId} written to ${out}.`);
    } finally {
      file.end();
      await once(file, 'close');
    }
  });
}

await main();
