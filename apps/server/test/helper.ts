import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { type DatabaseHandle, type DatabaseOptions, openDatabase } from '../src/db/client.ts';
import type { Clock } from '../src/lib/clock.ts';
import type { Mailer } from '../src/modules/mail/mailer.ts';
import type { MediaStorage } from '../src/modules/media/storage.ts';
import { type DatabaseProxy, startDatabaseProxy } from './database-proxy.ts';

/** What `app.inject` sends as Host; a same-origin browser would send this Origin (D4). */
export const SAME_ORIGIN = 'http://localhost:80';
export const sameOrigin = { origin: SAME_ORIGIN } as const;

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or a new database on the
 * PostgreSQL server named by TEST_DATABASE_URL (dropped again on close).
 */
const serverUrls = new WeakMap<DatabaseHandle, string>();

/**
 * The PostgreSQL URL of a test database, for a test that opens it again as another process would;
 * null on PGlite, where one process owns the database.
 */
export function serverUrlOf(handle: DatabaseHandle): string | null {
  return serverUrls.get(handle) ?? null;
}

/**
 * The test database as another process opens it: on PostgreSQL its own pool and its own listening
 * connection, closed with the app given it; on PGlite, which one process owns, the same handle,
 * left to its owner to close.
 */
export async function openAgain(handle: DatabaseHandle): Promise<DatabaseHandle> {
  const url = serverUrlOf(handle);
  if (!url) return { ...handle, close: async () => {} };
  return openDatabase({ kind: 'postgres', url });
}

let template: Promise<Blob | undefined> | null = null;
/** The run's migrated empty database (test/global-setup.ts), read once per test file. */
function pgliteTemplate(): Promise<Blob | undefined> {
  const file = inject('pgliteTemplate');
  template ??= file
    ? readFile(file).then((bytes) => new Blob([bytes]))
    : Promise.resolve(undefined);
  return template;
}

export async function openTestDatabase(options: DatabaseOptions = {}): Promise<DatabaseHandle> {
  const server = await createServerTestDatabase();
  if (!server) {
    const handle = await openDatabase(
      { kind: 'embedded', dataDir: null, template: await pgliteTemplate() },
      options,
    );
    await handle.migrate();
    return handle;
  }
  const handle = await openDatabase({ kind: 'postgres', url: server.url }, options);
  await handle.migrate();
  const opened: DatabaseHandle = {
    ...handle,
    async close() {
      await handle.close();
      await server.drop();
    },
  };
  serverUrls.set(opened, server.url);
  return opened;
}

/** With TEST_DATABASE_URL set: a new, empty database on that server, and how to drop it. */
export async function createServerTestDatabase(): Promise<{
  url: string;
  drop(): Promise<void>;
} | null> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return null;
  const name = `btcp_test_${randomBytes(6).toString('hex')}`;
  const run = async (work: (client: pg.Client) => Promise<unknown>) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await work(client);
    } finally {
      await client.end();
    }
  };
  await run((client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      run(async (client) => {
        // `pool.end()` resolves before its connections have closed. Forcing the drop at once would
        // terminate a backend that has not yet read its client's goodbye, and that client's pool
        // would then report a FATAL error after its test is over. So wait a little for them first.
        for (let waited = 0; waited < 2_000; waited += 20) {
          const { rows } = await client.query<{ n: number }>(
            'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
            [name],
          );
          if (rows[0]?.n === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }),
  };
}

/**
 * With TEST_DATABASE_URL set: a test app on a new database that it reaches through a relay (for
 * outages and round trips), and how to close all three. `databaseName` names it on the server.
 */
export async function createProxiedTestApp(
  options: Omit<NonNullable<Parameters<typeof createTestApp>[0]>, 'database'> = {},
): Promise<{ t: TestApp; proxy: DatabaseProxy; databaseName: string; close(): Promise<void> }> {
  const server = await createServerTestDatabase();
  if (!server) throw new Error('TEST_DATABASE_URL is not set');
  const proxy = await startDatabaseProxy(server.url);
  const database = await openDatabase({ kind: 'postgres', url: proxy.url });
  await database.migrate();
  const t = await createTestApp({ ...options, database });
  return {
    t,
    proxy,
    databaseName: new URL(server.url).pathname.slice(1),
    async close() {
      await proxy.up().catch(() => {});
      await t.close();
      await proxy.close();
      await server.drop();
    },
  };
}

/** A tiny stand-in for the built web app, so page serving is tested without a Vite build. */
export async function makeWebDist(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'btcp-web-'));
  await mkdir(path.join(dir, 'assets'));
  await writeFile(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><title>BTCP</title><meta name="description" content="x" /><meta name="theme-color" media="(prefers-color-scheme: light)" content="#ffffff" /><meta name="theme-color" media="(prefers-color-scheme: dark)" content="#0b0f19" /><link rel="manifest" href="/manifest.webmanifest"></head><body><div id="root"></div><script type="module" src="/assets/index-abc123.js"></script></body></html>',
  );
  // The installable app's files, as the web build names them (apps/web/pwa.config.ts).
  await writeFile(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});\n');
  await writeFile(
    path.join(dir, 'manifest.webmanifest'),
    JSON.stringify({ name: 'BTCP', start_url: '/dashboard', display: 'standalone' }),
  );
  const script = `console.log(${JSON.stringify('app '.repeat(500))});`;
  await writeFile(path.join(dir, 'assets', 'index-abc123.js'), script);
  await writeFile(path.join(dir, 'assets', 'index-abc123.js.br'), brotliCompressSync(script));
  await writeFile(path.join(dir, 'robots.txt'), 'User-agent: *\n');
  return dir;
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: DatabaseHandle;
  close(): Promise<void>;
}

export async function createTestApp(
  options: {
    env?: Record<string, string>;
    clock?: Clock;
    mediaStorage?: MediaStorage;
    mailer?: Mailer;
    /** Sees every statement the app sends (the list-index test explains them). */
    onQuery?: DatabaseOptions['onQuery'];
    /** Pino options; by default the app logs nothing, to keep test output readable. */
    logger?: Record<string, unknown>;
    /** The timed jobs are off unless asked for: a test runs each job when its clock says. */
    runJobs?: boolean;
    /** The web app's server renderer; by default none, and pages are the shell. */
    webSsrEntry?: string;
    /** A database opened by the test (migrated); by default a fresh one. */
    database?: DatabaseHandle;
  } = {},
): Promise<TestApp> {
  const database = options.database ?? (await openTestDatabase({ onQuery: options.onQuery }));
  const webDist = await makeWebDist();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'btcp-data-'));
  const config = {
    // PORT 80: app.inject addresses requests to http://localhost:80, our public origin here.
    ...loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      PORT: '80',
      ...options.env,
    }),
    webDistDir: webDist,
    webSsrEntry: options.webSsrEntry ?? null,
  };
  const app = await buildApp({
    config,
    database,
    clock: options.clock,
    mediaStorage: options.mediaStorage,
    mailer: options.mailer,
    logger: options.logger ?? false,
    runJobs: options.runJobs ?? false,
  });
  return {
    app,
    config,
    database,
    async close() {
      await app.close();
      await rm(webDist, { recursive: true, force: true });
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A clock the test moves by hand, for link expiry and session lifetimes. */
export function manualClock(start = new Date()) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(ms: number) {
      current += ms;
    },
  };
}
