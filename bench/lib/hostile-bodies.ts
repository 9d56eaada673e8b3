import { Worker } from 'node:worker_threads';
import { percentile } from './miners.ts';

/**
 * Hostile JSON bodies, each just under the 1 MB body limit, sent to the sign-in route (no session
 * needed) while another connection asks `/livez` without pause: how long each hostile request
 * takes, and how long the probe waits meanwhile. A check of a request that costs more than linear
 * time in its size holds the one thread every other request needs (docs/decisions/012, 049).
 */
const SIZE = 1_000_000;
const ROUNDS = 10;
/** A request still unanswered after this is reported as such rather than waited for. */
const TIMEOUT_MS = 60_000;
/** Probes of /livez before the hostile requests start: its connection and code are warm. */
const WARM_PROBES = 50;

const repeatTo = (unit: string, size: number) => unit.repeat(Math.floor(size / unit.length));

export const HOSTILE_BODIES: { name: string; body: string }[] = [
  {
    name: '50,000 nested arrays (100 KB)',
    body: `${'['.repeat(50_000)}${']'.repeat(50_000)}`,
  },
  {
    name: '500,000 nested arrays',
    body: `${'['.repeat(SIZE / 2)}${']'.repeat(SIZE / 2)}`,
  },
  {
    name: '166,000 nested objects',
    body: `${repeatTo('{"a":', (SIZE * 5) / 6)}1${'}'.repeat(SIZE / 6)}`,
  },
  {
    name: 'object of 76,000 keys',
    body: `{${Array.from({ length: 76_000 }, (_, i) => `"k${i}":1`).join(',')}}`,
  },
  {
    name: 'array of 500,000 numbers',
    body: `[${repeatTo('1,', SIZE - 4)}1]`,
  },
  {
    name: 'a 1 MB email',
    body: JSON.stringify({ email: 'a'.repeat(SIZE - 40), password: 'x' }),
  },
  {
    name: '110,000 half surrogates',
    body: `[${repeatTo('"\\ud800",', SIZE - 10)}"x"]`,
  },
  {
    name: '60,000 keys with NUL',
    body: `{${Array.from({ length: 60_000 }, (_, i) => `"\\u0000${i}":1`).join(',')}}`,
  },
];

interface Timing {
  name: string;
  bytes: number;
  statuses: string;
  p50Ms: number;
  maxMs: number;
  livezMaxMs: number;
  livezCount: number;
}

async function timed(send: () => Promise<Response>): Promise<{ ms: number; status: string }> {
  const start = performance.now();
  try {
    const response = await send();
    await response.arrayBuffer();
    return { ms: performance.now() - start, status: String(response.status) };
  } catch {
    return { ms: performance.now() - start, status: 'timeout' };
  }
}

/**
 * Asks `/livez` without pause from a thread of its own, so its times are the server's and not
 * this process's while it builds and sends a megabyte. It says it is ready once its connection
 * is warm, and answers, when told to stop, each probe's start (on the shared clock) and length.
 */
const PROBER = `
const { parentPort, workerData } = require('node:worker_threads');
let probing = true;
const probes = [];
parentPort.on('message', () => { probing = false; });
(async () => {
  while (probing) {
    const start = performance.timeOrigin + performance.now();
    try { await (await fetch(workerData.url + '/livez')).arrayBuffer(); } catch {}
    probes.push({ start, ms: performance.timeOrigin + performance.now() - start });
    if (probes.length === ${WARM_PROBES}) parentPort.postMessage('ready');
    await new Promise((resolve) => setImmediate(resolve));
  }
  parentPort.postMessage(probes);
})();
`;

interface Probe {
  start: number;
  ms: number;
}

async function startProber(url: string) {
  const worker = new Worker(PROBER, { eval: true, workerData: { url } });
  await new Promise((resolve) => worker.once('message', resolve));
  return {
    /** The probes that overlapped [from, to] (the shared clock, in milliseconds). */
    async stop(from: number, to: number): Promise<number[]> {
      const probes = new Promise<Probe[]>((resolve) => worker.once('message', resolve));
      worker.postMessage('stop');
      const all = await probes;
      await worker.terminate();
      return all.filter((p) => p.start <= to && p.start + p.ms >= from).map((p) => p.ms);
    },
  };
}

const clock = () => performance.timeOrigin + performance.now();

export async function hostileBodiesScenario(url: string): Promise<Timing[]> {
  const timings: Timing[] = [];
  for (const { name, body } of HOSTILE_BODIES) {
    const prober = await startProber(url);
    const times: number[] = [];
    const statuses = new Set<string>();
    const from = clock();
    for (let round = 0; round < ROUNDS; round++) {
      const { ms, status } = await timed(() =>
        fetch(`${url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: url },
          body,
          signal: AbortSignal.timeout(TIMEOUT_MS),
        }),
      );
      times.push(ms);
      statuses.add(status);
      if (status === 'timeout') break;
    }
    const livez = await prober.stop(from, clock());
    timings.push({
      name,
      bytes: Buffer.byteLength(body),
      statuses: [...statuses].join(' '),
      p50Ms: percentile(times, 50),
      maxMs: Math.max(...times),
      livezMaxMs: livez.length ? Math.max(...livez) : 0,
      livezCount: livez.length,
    });
  }
  return timings;
}

export function printHostileBodies(timings: Timing[]): void {
  console.log(
    `\nHostile JSON bodies to POST /api/auth/login, ${ROUNDS} each, while another thread asks /livez without pause (targets: each answered within 50 ms, /livez within 10 ms):`,
  );
  console.table(
    timings.map((t) => ({
      body: t.name,
      bytes: t.bytes.toLocaleString('en-US'),
      status: t.statuses,
      'p50 ms': t.p50Ms.toFixed(1),
      'max ms': t.maxMs.toFixed(1),
      '/livez max ms': t.livezMaxMs.toFixed(1),
      '/livez asked': t.livezCount,
    })),
  );
}
