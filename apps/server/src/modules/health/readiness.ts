import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type DatabaseHandle, migrationsFolder, pingDatabase } from '#server/db/client.ts';

/** What /readyz asks: the reasons this process should not be sent traffic now, none when ready. */
export interface Readiness {
  reasons(): Promise<string[]>;
}

async function committedMigrations(): Promise<number> {
  const journal = JSON.parse(
    await readFile(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'),
  ) as { entries: unknown[] };
  return journal.entries.length;
}

/**
 * Ready means: the database answers, every committed migration is applied (another process may
 * still be applying them), and the listening connection is up, so no revocation or event is
 * being missed. Migrations, once seen applied, stay applied.
 */
export function createReadiness(database: DatabaseHandle): Readiness {
  const expected = committedMigrations();
  let migrated = false;
  return {
    async reasons() {
      const reasons: string[] = [];
      try {
        await pingDatabase(database.db);
      } catch {
        return ['the database does not answer'];
      }
      if (!migrated) {
        const result = await database.db
          .execute(sql`SELECT count(*)::int AS applied FROM drizzle.__drizzle_migrations`)
          .catch(() => null);
        const rows = (result as { rows?: { applied: number }[] } | null)?.rows;
        migrated = (rows?.[0]?.applied ?? 0) >= (await expected);
        if (!migrated) reasons.push('database migrations are not all applied');
      }
      if (!database.isListening()) reasons.push('the notification listener is reconnecting');
      return reasons;
    },
  };
}
