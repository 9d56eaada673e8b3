// A node-by-node deploy behind the balancer, measured (docs/scaling.md): three nodes of
// `--processes` processes each; while `--clients` clients send requests through HAProxy without
// pause, each node is sent SIGHUP in turn (its rolling restart, README "Deploying without
// downtime") and the next waits until its roll is done. Prints the failed requests and each roll's
// time.
//
//   node --import tsx scripts/topology/deploy.ts [--processes 1] [--clients 8]
//
// Linux, as root; the app built (npm run build).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { STATE_DIR, startTopology, stopTopology } from './index.mjs';

const { values } = parseArgs({
  options: {
    processes: { type: 'string', default: '1' },
    clients: { type: 'string', default: '8' },
  },
});

const rollsDone = (node: string) =>
  readFileSync(path.join(STATE_DIR, node, 'server.log'), 'utf8')
    .split('\n')
    .filter((line) => line.includes('rolling restart: done')).length;

process.on('exit', () => stopTopology());
// Ctrl-C or a timeout's SIGTERM tear the topology down too ('exit' runs only on an exit).
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(1));
const topology = await startTopology({
  webConcurrency: Number(values.processes),
  // The roll's log lines are at info; a short window keeps each roll to seconds.
  env: { LOG_LEVEL: 'info', EVENTS_RECONNECT_WINDOW_MS: '2000' },
});
const failures: string[] = [];
let answered = 0;
let running = true;
const paths = ['/api/health', '/api/community/posts', '/api/blog/posts'];
const clients = Array.from({ length: Number(values.clients) }, async (_, client) => {
  for (let i = client; running; i++) {
    const route = paths[i % paths.length] ?? '/api/health';
    const response = await fetch(`${topology.url}${route}`, { signal: AbortSignal.timeout(10_000) })
      .then(async (r) => {
        await r.arrayBuffer();
        return r.status;
      })
      .catch((error: Error) => error.name);
    if (response === 200) answered += 1;
    else failures.push(`${route}: ${response}`);
  }
});
await sleep(2000);
const rolls: string[] = [];
for (const node of topology.nodes) {
  const before = rollsDone(node.name);
  const started = Date.now();
  node.signal('SIGHUP');
  while (rollsDone(node.name) === before) {
    if (Date.now() - started > 180_000)
      throw new Error(`${node.name}'s roll did not end in 3 minutes`);
    await sleep(200);
  }
  rolls.push(`${node.name} ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
await sleep(2000);
running = false;
await Promise.all(clients);
console.log(
  `Node by node, ${values.processes} processes a node, ${values.clients} clients: ${failures.length} failed of ${answered + failures.length} requests; rolls: ${rolls.join(', ')}`,
);
for (const failure of failures.slice(0, 10)) console.log(`  ${failure}`);
// The nodes and the balancer are this process's children and would keep it running: exiting
// tears them down ('exit' above).
process.exit(0);
