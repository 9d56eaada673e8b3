// `npm run backup -- --out FILE`: writes a backup of the server's database (DATABASE_URL, else the
// embedded one in DATA_DIR, which the server must not hold open). See README, "Backups and restore".
import { parseArgs } from 'node:util';
import { loadConfig } from '#server/config.ts';
import { backupDatabase, databaseLocation } from '#server/ops/backup.ts';

const { values } = parseArgs({ options: { out: { type: 'string' } } });
if (!values.out) {
  console.error('Usage: npm run backup -- --out FILE');
  process.exit(2);
}
try {
  const location = databaseLocation(loadConfig());
  await backupDatabase(location, values.out);
  console.log(`Backup written to ${values.out}. It holds every member's data: keep it private.`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
