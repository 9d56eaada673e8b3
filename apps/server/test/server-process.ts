import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServerTestDatabase } from './helper.ts';

export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  return typeof address === 'object' && address ? address.port : 0;
}

/**
 * The server processes a cluster's primary started: its children but an esbuild service. (Node
 * 24 names its main thread, so a worker's command name is `MainThread`, not `node`.)
 */
export function workerPids(primary: number | undefined): string[] {
  let children: string[];
  try {
    children = execFileSync('pgrep', ['-P', String(primary)], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean);
  } catch {
    return [];
  }
  return children.filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'esbuild';
    } catch {
      return false;
    }
  });
}

/** The compiled server `npm start` runs, built from the source once per test run (global-setup.ts). */
const compiledServer = path.resolve(import.meta.dirname, '../build/main.mjs');

/**
 * `npm start`'s server in a process of its own, on a fresh data folder (and a fresh database on
 * the server named by TEST_DATABASE_URL, unless `env` names one: then the test owns it);
 * `cleanUp` kills it if it still runs and removes what it made.
 */
export async function startServer(env: Record<string, string> = {}) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'btcp-main-'));
  const port = await freePort();
  const serverDatabase = env.DATABASE_URL ? null : await createServerTestDatabase();
  const child = spawn(process.execPath, [compiledServer], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: serverDatabase?.url ?? '',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  let printed = '';
  child.stdout?.on('data', (chunk) => {
    printed += chunk;
  });
  /** Waits until /api/health answers 200; false after 30 s of trying. */
  const healthy = async () => {
    for (let attempt = 0; attempt < 120; attempt++) {
      // A connection handed to a process killed as it arrived is never answered: time out.
      const health = await fetch(`http://127.0.0.1:${port}/api/health`, {
        signal: AbortSignal.timeout(2000),
      }).catch(() => null);
      if (health?.status === 200) return true;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return false;
  };
  const cleanUp = async () => {
    child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
    await serverDatabase?.drop();
  };
  return { child, port, healthy, cleanUp, output: () => printed, databaseUrl: serverDatabase?.url };
}
