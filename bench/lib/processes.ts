import { type ChildProcess, fork, spawn } from 'node:child_process';
import { openSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

/** A fresh PostgreSQL database for one scenario (the runner's `scratchDatabase`); null without a server. */
export type ScratchDatabase = (
  label: string,
) => Promise<{ url: string; drop(): Promise<void> } | null>;

export const repoRoot = path.resolve(import.meta.dirname, '../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export async function waitForHttp(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/**
 * Starts the production server (the compiled server `npm start` runs, which `npm run bench` builds
 * first) with the given environment.
 */
export async function startAppServer(env: Record<string, string>): Promise<{
  url: string;
  child: ChildProcess;
}> {
  const port = await freePort();
  // BENCH_SERVER_NODE_ARGS: extra Node options for the server (and its workers), e.g. --cpu-prof.
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  // BENCH_SERVER_NODE: the Node binary of the measured server, when it is not the bench's own.
  const child = spawn(
    process.env.BENCH_SERVER_NODE || process.execPath,
    [...nodeArgs, 'apps/server/build/main.mjs'],
    {
      cwd: repoRoot,
      env: {
        // A scenario names its database and process count itself: a DATABASE_URL or
        // WEB_CONCURRENCY exported in the bench's shell would otherwise reach an embedded one.
        ...withoutKeys(process.env, ['DATABASE_URL', 'WEB_CONCURRENCY']),
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        // Production needs its public origin; the load comes from that origin.
        APP_ORIGIN: `http://127.0.0.1:${port}`,
        LOG_LEVEL: 'warn',
        ...env,
      },
      // BENCH_SERVER_STDOUT: a file for the server's standard output (e.g. with --trace-gc).
      stdio: [
        'ignore',
        process.env.BENCH_SERVER_STDOUT ? openSync(process.env.BENCH_SERVER_STDOUT, 'w') : 'ignore',
        'inherit',
      ],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/api/health`);
  return { url, child };
}

function withoutKeys(env: NodeJS.ProcessEnv, keys: string[]): NodeJS.ProcessEnv {
  const kept = { ...env };
  for (const key of keys) delete kept[key];
  return kept;
}

export async function startBareServer(): Promise<{ url: string; child: ChildProcess }> {
  const child = fork(path.join(import.meta.dirname, '../bare-server.ts'), {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message: { port: number }) => resolve(message.port));
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, child };
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
  });
}
