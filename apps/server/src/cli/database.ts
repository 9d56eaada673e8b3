import type { Config } from '../config.ts';
import { type DatabaseHandle, openDatabase } from '../db/client.ts';

/** The server's own database, as the server would open it, migrated: for the commands. */
export async function openServerDatabase(config: Config): Promise<DatabaseHandle> {
  const database = await openDatabase(
    config.DATABASE_URL
      ? { kind: 'postgres', url: config.DATABASE_URL }
      : { kind: 'embedded', dataDir: `${config.dataDir}/pglite` },
  );
  await database.migrate();
  return database;
}
