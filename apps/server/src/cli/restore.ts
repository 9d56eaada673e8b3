// `npm run restore -- FILE`: restores a backup into the server's database, which must be empty,
// then migrates and checks it; exits 1 unless every wallet equals the sum of its transactions.
import { parseArgs } from 'node:util';
import { loadConfig } from '#server/config.ts';
import { databaseLocation, openDatabaseAt, restoreDatabase } from '#server/ops/backup.ts';
import { checkRestoredDatabase, describeSummary } from '#server/ops/restore-check.ts';

const { positionals } = parseArgs({ allowPositionals: true });
const [file] = positionals;
if (!file || positionals.length > 1) {
  console.error('Usage: npm run restore -- FILE');
  process.exit(2);
}
try {
  const location = databaseLocation(loadConfig());
  await restoreDatabase(location, file);
  const database = await openDatabaseAt(location);
  try {
    const summary = await checkRestoredDatabase(database);
    console.log(`Restored ${file}: ${describeSummary(summary)}`);
    process.exitCode = summary.ledgerMismatches === 0 ? 0 : 1;
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
