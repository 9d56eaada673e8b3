// Backup and restore for operators (README, "Backups and restore"): PostgreSQL through its own
// pg_dump and pg_restore, the embedded database through PGlite's dump of its data folder.
import { spawn } from 'node:child_process';
import { access, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Config } from '#server/config.ts';
import { type DatabaseHandle, openDatabase } from '#server/db/client.ts';

/** Where the database lives: a PostgreSQL URL, or the embedded database's own folder. */
export type DatabaseLocation =
  | { kind: 'postgres'; url: string }
  | { kind: 'embedded'; dir: string };

/**
 * The server's database, as `loadConfig` names it: DATABASE_URL, else DATA_DIR/pglite. pg_dump
 * and pg_restore need a session of their own, so they take the direct DATABASE_LISTEN_URL when a
 * pooler stands before DATABASE_URL (decision 054).
 */
export function databaseLocation(config: Config): DatabaseLocation {
  return config.DATABASE_URL
    ? { kind: 'postgres', url: config.DATABASE_LISTEN_URL ?? config.DATABASE_URL }
    : { kind: 'embedded', dir: path.join(config.dataDir, 'pglite') };
}

/** Opens the database there as the server would, e.g. to check a restore. */
export function openDatabaseAt(location: DatabaseLocation): Promise<DatabaseHandle> {
  return openDatabase(
    location.kind === 'postgres' ? location : { kind: 'embedded', dataDir: location.dir },
  );
}

/** An operator's mistake or a tool's failure, with a message meant to be printed as it is. */
export class BackupError extends Error {}

export async function backupDatabase(location: DatabaseLocation, file: string): Promise<void> {
  if (location.kind === 'postgres') {
    await runTool('pg_dump', ['--format=custom', '--no-owner', '--file', file], location.url);
    return;
  }
  if (!(await exists(location.dir))) {
    throw new BackupError(`No embedded database at ${location.dir}: check DATA_DIR.`);
  }
  await refuseWhileOpen(location.dir, 'back up');
  const client = await openPglite(location.dir);
  try {
    const dump = await client.dumpDataDir('gzip');
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await client.close();
  }
}

/**
 * Restores a backup into an empty database only: restoring over live data would mix two
 * histories and break the ledger, so anything already there is a refusal, never a merge.
 */
export async function restoreDatabase(location: DatabaseLocation, file: string): Promise<void> {
  await access(file).catch(() => {
    throw new BackupError(`No backup file at ${file}.`);
  });
  if (location.kind === 'postgres') {
    const tables = await publicTableCount(location.url);
    if (tables > 0) {
      throw new BackupError(
        `The target database is not empty (${tables} tables in schema public): restore into a new database (createdb) and point DATABASE_URL at it.`,
      );
    }
    // One transaction, stopping at the first error: a restore either happens whole or not at all.
    await runTool(
      'pg_restore',
      ['--no-owner', '--single-transaction', '--exit-on-error', file],
      location.url,
    );
    return;
  }
  const entries = await readdir(location.dir).catch(() => []);
  if (entries.length > 0) {
    throw new BackupError(
      `The embedded database folder ${location.dir} is not empty: move it away (or set DATA_DIR to a new folder) before restoring.`,
    );
  }
  const dump = new Blob([await readFile(file)]);
  await mkdir(location.dir, { recursive: true });
  const client = await openPglite(location.dir, dump);
  await client.close();
}

async function publicTableCount(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(`Cannot connect to the target database: ${messageOf(error)}`);
  }
  try {
    const result = await client.query<{ count: number }>(
      "SELECT count(*)::int AS count FROM pg_tables WHERE schemaname = 'public'",
    );
    return result.rows[0]?.count ?? 0;
  } finally {
    await client.end();
  }
}

/**
 * PGlite opens a folder a second time without complaint, and two processes writing one folder
 * corrupt it; the postmaster.pid it keeps while open (removed on a clean close) is the only sign.
 * `then` is what the operator does once the server has stopped.
 */
export async function refuseWhileOpen(dir: string, then: string): Promise<void> {
  if (await exists(path.join(dir, 'postmaster.pid'))) {
    throw new BackupError(
      `The embedded database at ${dir} is open (postmaster.pid is there): stop the server first. If no server runs (the last one was killed), start it once and stop it with Ctrl-C, then ${then}.`,
    );
  }
}

async function openPglite(dir: string, loadDataDir?: Blob): Promise<PGlite> {
  try {
    const client = new PGlite(dir, loadDataDir ? { loadDataDir } : {});
    await client.waitReady;
    return client;
  } catch (error) {
    throw new BackupError(`Cannot open the embedded database at ${dir}: ${messageOf(error)}`);
  }
}

/**
 * Runs one of PostgreSQL's client tools on the database at `url`, its error output becoming the
 * message when it fails. The password goes in PGPASSWORD, so the process list never shows it.
 */
function runTool(command: string, args: string[], url: string): Promise<void> {
  const target = new URL(url);
  const password = decodeURIComponent(target.password);
  target.password = '';
  const env = password ? { ...process.env, PGPASSWORD: password } : process.env;
  return new Promise((resolve, reject) => {
    const child = spawn(command, [...args, '--dbname', target.toString()], {
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new BackupError(
              `${command} was not found on PATH: install PostgreSQL's client tools, of the server's major version or newer.`,
            )
          : error,
      );
    });
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${command} failed (exit ${code}):\n${stderr.trim()}`));
    });
  });
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
