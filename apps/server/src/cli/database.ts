import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { databaseLocation, openDatabaseAt, refuseWhileOpen } from '../ops/backup.ts';

/**
 * The server's own database, as the server would open it, migrated: for the commands. The
 * embedded database is refused while a server holds it open (a second process writing its folder
 * would corrupt it, and the running server would not see the change): the command says so and
 * exits 1, as it does when the database cannot be opened.
 */
export async function openServerDatabase(config: Config): Promise<DatabaseHandle> {
  try {
    const location = databaseLocation(config);
    if (location.kind === 'embedded') await refuseWhileOpen(location.dir, 'run this command again');
    const database = await openDatabaseAt(location);
    await database.migrate();
    return database;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

/**
 * Runs a command's work on the server's database and closes it whatever happens: a failure is
 * printed as its message (no stack: these are operators' commands) and exits 1.
 */
export async function withServerDatabase(
  config: Config,
  work: (database: DatabaseHandle) => Promise<void>,
): Promise<void> {
  const database = await openServerDatabase(config);
  try {
    await work(database);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}
