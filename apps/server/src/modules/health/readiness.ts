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
 * How long /readyz waits for the database. A node cut off from it (a network partition, not a
 * refused connection) would otherwise never answer, and a load balancer could only time out.
 */
export const READINESS_PING_TIMEOUT_MS = 2000;

/**
 * Ready means: the database answers within READINESS_PING_TIMEOUT_MS, every committed migration
 * is applied (another process may still be applying them), and the listening connection is up, so
 * no revocation or event is being missed. Migrations, once seen applied, stay applied. One ping at
 * a time: while one hangs, the next probes wait for it rather than take another pooled connection.
 */
export function createReadiness(database: DatabaseHandle): Readiness {
  const expected = committedMigrations();
  let migrated = false;
  let pinging: Promise<boolean> | null = null;
  const answers = () => {
    pinging ??= pingDatabase(database.db).then(
      () => true,
      () => false,
    );
    const current = pinging;
    void current.then(() => {
      if (pinging === current) pinging = null;
    });
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), READINESS_PING_TIMEOUT_MS);
      timer.unref();
    });
    return Promise.race([current, late]).finally(() => clearTimeout(timer));
  };
  return {
    async reasons() {
      const reasons: string[] = [];
      if (!(await answers())) return ['the database does not answer'];
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
