// The request path through the topology (docs/scaling.md): `--connections` connections through
// HAProxy for `--seconds` on each path, once with the database `--delay-ms` away each way and once
// with no delay, interleaved path by path. Prints p99 and requests a second of each, and the
// delayed run's requests a second as a share of the undelayed one's. A bounded load on a shared
// machine: run it when nothing else measures.
//
//   node --import tsx scripts/topology/request-path.ts [--delay-ms 0.5] [--connections 50] [--seconds 10]
//
// Linux, as root; the app built (npm run build).
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { cheapenSignUps, memberOverHttp, send } from '../../apps/server/test/http-journeys.ts';
import { STATE_DIR, startTopology, stopTopology } from './index.mjs';

const { values } = parseArgs({
  options: {
    'delay-ms': { type: 'string', default: '0.5' },
    connections: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '10' },
  },
});
const delayMs = Number(values['delay-ms']);

process.on('exit', () => stopTopology());
// Ctrl-C or a timeout's SIGTERM tear the topology down too ('exit' runs only on an exit).
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(1));
const topology = await startTopology({ delayMs: 0 });
const site = { url: topology.url, origin: topology.url };
await cheapenSignUps(topology.databaseUrl);
const outboxes = topology.nodes.map((node) => `${STATE_DIR}/${node.name}/outbox`);
const cookie = await memberOverHttp(site, 'reader@example.com', outboxes);
const blog = await send(site, 'GET', '/api/blog/posts');
const firstPost = (blog.json() as { items: { id: string }[] }).items[0]?.id;
if (!firstPost) throw new Error(`no blog post to read: ${blog.status} ${blog.text}`);

const paths: [string, string, Record<string, string>][] = [
  ['the session, signed in', '/api/auth/session', { cookie }],
  ['the community list, visitor', '/api/community/posts', {}],
  ['the community list, signed in', '/api/community/posts', { cookie }],
  ['a blog post', `/api/blog/posts/${firstPost}`, {}],
];

async function load(route: string, headers: Record<string, string>) {
  const result = await autocannon({
    url: `${topology.url}${route}`,
    connections: Number(values.connections),
    duration: Number(values.seconds),
    headers,
  });
  return {
    p99: result.latency.p99,
    perSecond: result.requests.average,
    failed: result.errors + result.timeouts + result.non2xx,
  };
}

console.log(
  `| Path | p99, no delay (ms) | p99, ${delayMs} ms each way (ms) | req/s, no delay | req/s, delayed | share | failed |`,
);
console.log('| --- | --- | --- | --- | --- | --- | --- |');
// Every path once, unmeasured: the first load of a fresh node is its warm-up (compilation, caches).
for (const [, route, headers] of paths) {
  await autocannon({ url: `${topology.url}${route}`, connections: 10, duration: 2, headers });
}
for (const [name, route, headers] of paths) {
  await topology.delayLine.setDelay(0);
  const near = await load(route, headers);
  await topology.delayLine.setDelay(delayMs);
  const far = await load(route, headers);
  const share = `${Math.round((100 * far.perSecond) / near.perSecond)} %`;
  console.log(
    `| ${name} | ${near.p99} | ${far.p99} | ${Math.round(near.perSecond)} | ${Math.round(far.perSecond)} | ${share} | ${near.failed + far.failed} |`,
  );
}
// The nodes and the balancer are this process's children and would keep it running: exiting
// tears them down ('exit' above).
process.exit(0);
