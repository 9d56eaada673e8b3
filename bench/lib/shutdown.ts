import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { Agent, request } from 'node:http';

const CONNECTIONS = 50;
const SIGNAL_AFTER_MS = 2_000;
/** Longer than the server's own shutdown grace (10 s), so a stuck shutdown shows as such. */
const EXIT_WAIT_MS = 15_000;
/** Requests that use the database: one query, and a list page with several. */
const PATHS = ['/api/health', '/api/community/posts?sort=new'];

type Outcome =
  | 'answered' // any status the app itself gave, other than a 5xx
  | 'closing' // Fastify's 503 for a request that arrived after the shutdown began
  | 'refused' // the connection was refused: the server no longer listens
  | 'failed'; // a 5xx from the app, or the connection dropped before an answer

export interface ShutdownUnderLoadResult {
  connections: number;
  acceptedBeforeSignal: number;
  failedBeforeSignal: number;
  answeredAfterSignal: number;
  refusedAfterSignal: number;
  failedAfterSignal: number;
  /** Why requests failed, e.g. `500` or `ECONNRESET`, with how many. */
  failures: Record<string, number>;
  exitCode: number | null;
}

/**
 * A graceful shutdown under load: 50 keep-alive connections loop over database-backed GETs against
 * the production server, SIGTERM arrives mid-run, and every request is counted by when it was sent
 * (before or after `kill` was called) and how it ended:
 * - accepted before the signal: sent before it and not turned away with the closing 503;
 * - failed: any 5xx other than the closing 503 (a health check that lost its database answers 503
 *   `degraded`, which counts), or a socket error before the answer;
 * - refused after the signal: the closing 503 (it carries `Connection: close`) or a refused connect;
 *   a connection that is refused stops its loop, so the run ends once the server stops listening.
 * A clean shutdown fails none, answers or refuses everything sent after the signal, and exits 0.
 */
export async function shutdownUnderLoad(
  startServer: () => Promise<{ url: string; child: ChildProcess }>,
): Promise<ShutdownUnderLoadResult> {
  const { url, child } = await startServer();
  const exited = once(child, 'exit') as Promise<[number | null]>;
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const counts = { before: new Map<Outcome, number>(), after: new Map<Outcome, number>() };
  const failures: Record<string, number> = {};
  let signalled = false;
  const deadline = Date.now() + SIGNAL_AFTER_MS + EXIT_WAIT_MS;

  const loop = async (offset: number) => {
    for (let i = offset; Date.now() < deadline; i++) {
      const sentAfterSignal = signalled;
      const { outcome, reason } = await send(agent, `${url}${PATHS[i % PATHS.length]}`);
      const tally = sentAfterSignal ? counts.after : counts.before;
      tally.set(outcome, (tally.get(outcome) ?? 0) + 1);
      if (outcome === 'failed') failures[reason] = (failures[reason] ?? 0) + 1;
      if (outcome === 'refused') return;
    }
  };

  const loops = Array.from({ length: CONNECTIONS }, (_, i) => loop(i));
  await new Promise((resolve) => setTimeout(resolve, SIGNAL_AFTER_MS));
  signalled = true;
  child.kill('SIGTERM');
  const killer = setTimeout(() => child.kill('SIGKILL'), EXIT_WAIT_MS);
  const [[exitCode]] = await Promise.all([exited, Promise.all(loops)]);
  clearTimeout(killer);
  agent.destroy();

  const count = (tally: Map<Outcome, number>, outcome: Outcome) => tally.get(outcome) ?? 0;
  return {
    connections: CONNECTIONS,
    acceptedBeforeSignal: count(counts.before, 'answered') + count(counts.before, 'failed'),
    failedBeforeSignal: count(counts.before, 'failed'),
    answeredAfterSignal: count(counts.after, 'answered'),
    refusedAfterSignal: count(counts.after, 'closing') + count(counts.after, 'refused'),
    failedAfterSignal: count(counts.after, 'failed'),
    failures,
    exitCode,
  };
}

/** One GET on a keep-alive connection, classified; never rejects. */
function send(agent: Agent, url: string): Promise<{ outcome: Outcome; reason: string }> {
  return new Promise((resolve) => {
    const req = request(url, { agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', (error: NodeJS.ErrnoException) =>
        resolve({ outcome: 'failed', reason: error.code ?? error.message }),
      );
      res.on('end', () => {
        const status = res.statusCode ?? 0;
        if (status < 500) return resolve({ outcome: 'answered', reason: '' });
        const closing = status === 503 && isFastifyClosingBody(Buffer.concat(chunks).toString());
        resolve({ outcome: closing ? 'closing' : 'failed', reason: String(status) });
      });
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED') resolve({ outcome: 'refused', reason: '' });
      else resolve({ outcome: 'failed', reason: error.code ?? error.message });
    });
    req.end();
  });
}

/** Fastify's own answer while closing (`return503OnClosing`), unlike any 503 the app sends. */
function isFastifyClosingBody(body: string): boolean {
  try {
    return (JSON.parse(body) as { error?: unknown }).error === 'Service Unavailable';
  } catch {
    return false;
  }
}
