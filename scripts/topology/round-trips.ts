// How many sequential round trips to the database each hot path makes, measured in the topology
// (docs/scaling.md): how much longer a request takes with the database `--delay-ms` away each
// way than with none, over the round trip's 2 × delay. One node, so every cache is its own.
//
//   node --import tsx scripts/topology/round-trips.ts [--delay-ms 5] [--samples 15]
//
// Linux, as root; the app built (npm run build).
import { parseArgs } from 'node:util';
import pg from 'pg';
import {
  adminOverHttp,
  cheapenSignUps,
  memberOverHttp,
  type Site,
  send,
} from '../../apps/server/test/http-journeys.ts';
import { STATE_DIR, startTopology, stopTopology } from './index.mjs';

const { values } = parseArgs({
  options: {
    'delay-ms': { type: 'string', default: '5' },
    samples: { type: 'string', default: '15' },
  },
});
const delayMs = Number(values['delay-ms']);
const samples = Number(values.samples);
const WARM_UP = 3;
/** Numbers each request, for what must differ between them (a sign-in's address). */
let serial = 0;

type Step = (i: number) => Promise<{ status: number; text: string }>;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

async function timed(name: string, step: Step, expected: number, times: number[]) {
  const started = performance.now();
  const response = await step(serial++);
  times.push(performance.now() - started);
  if (response.status !== expected) {
    throw new Error(`${name}: ${response.status} ${response.text.slice(0, 200)}`);
  }
}

/** The hot paths of one member, each a request as the page sends it. */
async function hotPaths(site: Site, databaseUrl: string) {
  await cheapenSignUps(databaseUrl);
  await adminOverHttp(site);
  const cookie = await memberOverHttp(site, 'timed@example.com', [`${STATE_DIR}/node1/outbox`]);
  const named = await send(site, 'PATCH', '/api/account', { cookie, body: { username: 'timed' } });
  if (named.status !== 200) throw new Error(`username: ${named.status} ${named.text}`);
  const post = await send(site, 'POST', '/api/community/posts', {
    cookie,
    body: { title: 'Timed', content: 'A post to vote on.' },
  });
  if (post.status !== 201) throw new Error(`post: ${post.status} ${post.text}`);
  const postId = post.json().id as string;
  const login = (i: number) =>
    send(site, 'POST', '/api/auth/login', {
      body: { email: 'timed@example.com', password: 'correct horse battery', remember: false },
      headers: { 'x-forwarded-for': `10.9.${i}.1` },
    });
  let sessionId = '';
  const start = async () => {
    const response = await send(site, 'POST', '/api/mining/start', { cookie });
    sessionId = response.status === 201 ? (response.json().id as string) : '';
    return response;
  };
  const stop = () => send(site, 'POST', '/api/mining/stop', { cookie, body: { sessionId } });
  const ping = () => send(site, 'POST', '/api/mining/ping', { cookie, body: { sessionId } });
  const vote = (i: number) =>
    send(site, 'POST', `/api/community/posts/${postId}/vote`, {
      cookie,
      body: { type: i % 2 === 0 ? 'upvote' : 'downvote' },
    });
  return { cookie, login, start, stop, ping, vote };
}

/**
 * Each path's sequential round trips: every sample runs its group of paths with no delay and then
 * with the delay (sign-in with ten times it: its password hash varies by more than a few round
 * trips), so that the machine's load at that moment weighs on both. What the delay adds to a
 * request is divided by what it adds to one `SELECT 1` from here, timed the same way: the relay's
 * timers run late on a busy machine, so a round trip costs more than twice the delay.
 */
async function measure() {
  const topology = await startTopology({ nodes: 1, delayMs: 0 });
  const probe = new pg.Client({ connectionString: topology.databaseUrl });
  await probe.connect();
  const selectOne = async () => {
    const started = performance.now();
    await probe.query('SELECT 1');
    return performance.now() - started;
  };
  try {
    const site = { url: topology.nodes[0]?.url ?? '', origin: topology.url };
    const paths = await hotPaths(site, topology.databaseUrl);
    const added: Record<string, { request: number[]; roundTrip: number[] }> = {};
    const rounds = async (steps: [string, Step, number][], delay = delayMs) => {
      for (let i = 0; i < samples + WARM_UP; i++) {
        const times: Record<string, number[]> = {};
        const probes: number[] = [];
        for (const each of [0, delay]) {
          await topology.delayLine.setDelay(each);
          for (const [name, step, expected] of steps) {
            times[name] ??= [];
            await timed(name, step, expected, times[name]);
          }
          probes.push(await selectOne());
        }
        if (i < WARM_UP) continue;
        for (const [name, [near = 0, far = 0]] of Object.entries(times)) {
          added[name] ??= { request: [], roundTrip: [] };
          added[name].request.push(far - near);
          added[name].roundTrip.push((probes[1] ?? 0) - (probes[0] ?? 0));
        }
      }
    };
    // Writes first, each path on its own, then the reads, so that no write in between makes a
    // kept page be read again (that is the write's cost, counted with it).
    await rounds([['sign-in', paths.login, 200]], delayMs * 10);
    await rounds([
      ['Start', paths.start, 201],
      ['a ping', paths.ping, 204],
      ['Stop', paths.stop, 200],
    ]);
    await rounds([['a vote', paths.vote, 200]]);
    await rounds([
      ['the community list, visitor', () => send(site, 'GET', '/api/community/posts'), 200],
      [
        'the community list, signed in',
        () => send(site, 'GET', '/api/community/posts', { cookie: paths.cookie }),
        200,
      ],
      [
        'a signed-in page render',
        () => send(site, 'GET', '/wallet', { cookie: paths.cookie }),
        200,
      ],
    ]);
    return Object.fromEntries(
      Object.entries(added).map(([name, { request, roundTrip }]) => [
        name,
        { trips: median(request) / median(roundTrip), roundTripMs: median(roundTrip) },
      ]),
    );
  } finally {
    await probe.end().catch(() => {});
    stopTopology();
  }
}

process.on('exit', () => stopTopology());
// Ctrl-C or a timeout's SIGTERM tear the topology down too ('exit' runs only on an exit).
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(1));
const measured = await measure();
console.log(`Sequential round trips to the database (${samples} samples, ${delayMs} ms each way):`);
for (const [name, { trips, roundTripMs }] of Object.entries(measured)) {
  console.log(`  ${name}: ${trips.toFixed(1)} (a round trip took ${roundTripMs.toFixed(1)} ms)`);
}
