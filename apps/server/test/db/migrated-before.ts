import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrationsFolder } from '#server/db/client.ts';
import { migrateServer } from '#server/db/migrations.ts';
import { createServerTestDatabase } from '#server-test/helper.ts';

/**
 * A PostgreSQL test database migrated up to, not including, the migration `tag`: a test writes
 * the rows that existed before it, then `migrateRest` applies it and the later ones.
 */
export async function databaseMigratedBefore(tag: string) {
  const server = await createServerTestDatabase();
  if (!server) throw new Error('a migration test needs TEST_DATABASE_URL');
  const pool = new pg.Pool({ connectionString: server.url, max: 2 });
  const before = await mkdtemp(path.join(tmpdir(), 'btcp-migrations-'));
  await cp(migrationsFolder, before, { recursive: true });
  const journalFile = path.join(before, 'meta/_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8'));
  journal.entries = journal.entries.filter((entry: { tag: string }) => entry.tag < tag);
  await writeFile(journalFile, JSON.stringify(journal));
  await migrateServer(pool, { migrationsFolder: before });
  return {
    pool,
    migrateRest: () => migrateServer(pool, { migrationsFolder }),
    close: async () => {
      await pool.end();
      await server.drop();
      await rm(before, { recursive: true, force: true });
    },
  };
}
