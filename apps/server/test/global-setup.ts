import { execFileSync } from 'node:child_process';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, empty embedded database as a dump file; null when tests use a server. */
    pgliteTemplate: string | null;
  }
}

/**
 * On the embedded database, every test file used to start PGlite afresh and apply every
 * migration: seconds per file. One migrated database is dumped here, once per run, and each
 * test database starts as a copy of it (still migrated, so nothing is skipped).
 */
export default async function setup(project: TestProject) {
  // The tests that start server processes run the compiled server, as `npm start` does.
  execFileSync(process.execPath, [
    path.resolve(import.meta.dirname, '../../../scripts/server-build.mjs'),
  ]);
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteTemplate', null);
    return;
  }
  const client = new PGlite();
  await migrate(drizzle({ client }), {
    migrationsFolder: path.resolve(import.meta.dirname, '../drizzle'),
  });
  const dump = await client.dumpDataDir('none');
  await client.close();
  const file = path.join(tmpdir(), `btcp-test-template-${process.pid}.tar`);
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rm(file, { force: true });
}
