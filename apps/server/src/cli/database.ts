import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { databaseLocation, openDatabaseAt } from '../ops/backup.ts';

/** The server's own database, as the server would open it, migrated: for the commands. */
export async function openServerDatabase(config: Config): Promise<DatabaseHandle> {
  const database = await openDatabaseAt(databaseLocation(config));
  await database.migrate();
  return database;
}
