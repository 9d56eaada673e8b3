import type http from 'node:http';
import { loadHttp } from './load-http.ts';
import { cpuSecondsMeter, percentile, postgresPids, seedMiners, serverPids } from './miners.ts';
import { type ScratchDatabase, startAppServer, startBareServer, stop } from './processes.ts';

/** Miners of the scenario, each pinging once per round. */
const MINERS = Number(process.env.BENCH_PING_COST_MINERS ?? 5000);
/** Pings a second: about what one of four processes takes at 50,000 miners (1,700 a second). */
const RATE = Number(process.env.BENCH_PING_COST_RATE ?? 500);
/** The miners whose arrival is measured, at one of four processes' share of 250 a second. */
const MEASURED_ARRIVALS = Math.min(MINERS, 2000);
const ARRIVAL_RATE = 250 / 4;
const ROUNDS = 3;

/** Calls `each` for `some` miners, spread evenly at `rate` a second; resolves when all answered. */
async function paced<T>(
  some: string[],
  rate: number,
  each: (token: string, index: number) => Promise<T>,
) {
  const startedAt = performance.now();
  const all: Promise<T>[] = [];
  for (const [index, token] of some.entries()) {
    const wait = startedAt + (index / rate) * 1000 - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    all.push(each(token, index));
  }
  return Promise.all(all);
}

/** One round: `some` miners send once; the CPU of `pids` and PostgreSQL over it, per miner. */
async function round<T>(
  some: string[],
  rate: number,
  pids: () => number[],
  send: (token: string, index: number) => Promise<T>,
) {
  const server = cpuSecondsMeter(pids);
  const postgres = cpuSecondsMeter(postgresPids);
  const latencies: number[] = [];
  const answers = await paced(some, rate, async (token, index) => {
    const sent = performance.now();
    const answer = await send(token, index);
    latencies.push(performance.now() - sent);
    return answer;
  });
  const perMiner = (cpuSeconds: number) => ((cpuSeconds * 1000) / some.length).toFixed(3);
  const row = {
    miners: some.length,
    'a second': rate,
    'server CPU ms each': perMiner(server()),
    'PostgreSQL CPU ms each': perMiner(postgres()),
    'p50 ms': Math.round(percentile(latencies, 50)),
    'p99 ms': Math.round(percentile(latencies, 99)),
  };
  return { row, answers };
}

/**
 * What one arrival and one ping cost in CPU at real cadence (docs/decisions/039): one server
 * process; its miners arrive (event stream opened, then Start), the last ones at one process's
 * share of the miners scenario's arrivals, and keep their streams open; then every miner pings
 * once per round, spread evenly at RATE a second over keep-alive connections. Each round's server
 * and PostgreSQL CPU (from /proc) is divided by its requests; then the same ping rounds go to a
 * bare Fastify route, the ceiling.
 */
export async function pingCostScenario(scratchDatabase: ScratchDatabase) {
  const label = 'CPU per ping';
  const database = await scratchDatabase(label);
  if (!database) return;
  const app = await startAppServer({ DATABASE_URL: database.url, WEB_CONCURRENCY: '1' });
  // The miners scenario's client: keep-alive connections, a POST as a browser sends it.
  const { agent, openEvents, post } = loadHttp(app.url, '127.0.0.1');
  const streams: http.ClientRequest[] = [];
  /** A miner's event stream, open once its answer's head has come; its events are read and dropped. */
  const openStream = (token: string) =>
    new Promise<void>((resolve, reject) => {
      const request = openEvents(token, (response) => {
        response.resume();
        if (response.statusCode === 200) resolve();
        else reject(new Error(`stream ${response.statusCode}`));
      });
      request.on('error', reject);
      streams.push(request);
    });
  try {
    const tokens = await seedMiners(database.url, MINERS);
    const serverProcesses = () => serverPids(app.child.pid ?? 0);
    const arrive = async (token: string) => {
      await openStream(token);
      const answer = await post(token, '/api/mining/start');
      if (answer.status !== 201) throw new Error(`start ${answer.status} ${answer.text}`);
      return (JSON.parse(answer.text) as { id: string }).id;
    };
    // The first miners arrive quickly, unmeasured, so that the measured ones meet a warm process.
    const others = await paced(tokens.slice(MEASURED_ARRIVALS), RATE, arrive);
    const arrivals = await round(
      tokens.slice(0, MEASURED_ARRIVALS),
      ARRIVAL_RATE,
      serverProcesses,
      arrive,
    );
    const sessions = [...arrivals.answers, ...others];
    const rows = [{ round: 'arrival (stream, Start)', ...arrivals.row }];
    for (let index = 1; index <= ROUNDS; index++) {
      const { row } = await round(tokens, RATE, serverProcesses, async (token, index) => {
        const answer = await post(token, '/api/mining/ping', { sessionId: sessions[index] });
        if (answer.status !== 204) throw new Error(`ping ${answer.status} ${answer.text}`);
      });
      rows.push({ round: `ping ${index}`, ...row });
    }
    // The same requests, body and client against a bare Fastify POST answered 204, in its own
    // process: the ceiling a ping's own work (session, validation, statement) is measured against.
    const bare = await startBareServer();
    const bareHttp = loadHttp(bare.url, '127.0.0.1');
    try {
      for (let index = 1; index <= ROUNDS; index++) {
        const { row } = await round(
          tokens,
          RATE,
          () => [bare.child.pid ?? 0],
          async (token, index) => {
            const answer = await bareHttp.post(token, '/bare', { sessionId: sessions[index] });
            if (answer.status !== 204) throw new Error(`bare ${answer.status} ${answer.text}`);
          },
        );
        rows.push({ round: `bare ${index}`, ...row });
      }
    } finally {
      bareHttp.agent.destroy();
      await stop(bare.child);
    }
    console.log(
      `\n${label}: one server process on PostgreSQL; the miners arrive (stream, then Start), the last ${MEASURED_ARRIVALS} at ${ARRIVAL_RATE} a second; with every stream open, each of ${MINERS} pings once per round at ${RATE} a second; then as many POSTs to a bare Fastify route:`,
    );
    console.table(rows);
  } finally {
    for (const stream of streams) stream.destroy();
    agent.destroy();
    await stop(app.child);
    await database.drop();
  }
}
