import { loadHttp } from './load-http.ts';
import { cpuMeter, percentile, postgresPids, seedMiners, serverPids } from './miners.ts';
import { type ScratchDatabase, startAppServer, startBareServer, stop } from './processes.ts';

/** Miners of the scenario, each pinging once per round. */
const MINERS = Number(process.env.BENCH_PING_COST_MINERS ?? 5000);
/** Pings a second: about what one of four processes takes at 50,000 miners (1,700 a second). */
const RATE = Number(process.env.BENCH_PING_COST_RATE ?? 500);
const ROUNDS = 3;

/**
 * What one ping costs in CPU at real cadence (docs/decisions/039): one server process, its miners
 * started, then every miner pings once per round, spread evenly at RATE a second over keep-alive
 * connections; the server's and PostgreSQL's CPU over each round (from /proc), divided by its pings;
 * then the same rounds against a bare Fastify route, the ceiling.
 */
export async function pingCostScenario(scratchDatabase: ScratchDatabase) {
  const label = 'CPU per ping';
  const database = await scratchDatabase(label);
  if (!database) return;
  const app = await startAppServer({ DATABASE_URL: database.url, WEB_CONCURRENCY: '1' });
  // The miners scenario's client: keep-alive connections, a POST as a browser sends it.
  const { agent, post } = loadHttp(app.url, '127.0.0.1');
  try {
    const tokens = await seedMiners(database.url, MINERS);
    /** Calls `each` for every miner, spread evenly at RATE a second; resolves when all answered. */
    const paced = async <T>(each: (token: string, index: number) => Promise<T>) => {
      const startedAt = performance.now();
      const all: Promise<T>[] = [];
      for (const [index, token] of tokens.entries()) {
        const wait = startedAt + (index / RATE) * 1000 - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        all.push(each(token, index));
      }
      return Promise.all(all);
    };
    const sessions = await paced(async (token) => {
      const answer = await post(token, '/api/mining/start');
      if (answer.status !== 201) throw new Error(`start ${answer.status} ${answer.text}`);
      return (JSON.parse(answer.text) as { id: string }).id;
    });
    /** One round: every miner sends once; the CPU of `pids` and PostgreSQL over it, per request. */
    const round = async (
      pids: () => number[],
      send: (token: string, index: number) => Promise<void>,
    ) => {
      const server = cpuMeter(pids);
      const postgres = cpuMeter(postgresPids);
      const startedAt = performance.now();
      const latencies = await paced(async (token, index) => {
        const sent = performance.now();
        await send(token, index);
        return performance.now() - sent;
      });
      const seconds = (performance.now() - startedAt) / 1000;
      // cpuMeter answers in % of one core over its life: back to CPU milliseconds per request.
      const perRequest = (percent: number) => ((percent / 100) * seconds * 1000) / tokens.length;
      return {
        requests: tokens.length,
        'a second': RATE,
        'server CPU ms each': perRequest(server()).toFixed(3),
        'PostgreSQL CPU ms each': perRequest(postgres()).toFixed(3),
        'p50 ms': Math.round(percentile(latencies, 50)),
        'p99 ms': Math.round(percentile(latencies, 99)),
      };
    };
    const rows = [];
    for (let index = 1; index <= ROUNDS; index++) {
      const row = await round(
        () => serverPids(app.child.pid ?? 0),
        async (token, index) => {
          const answer = await post(token, '/api/mining/ping', { sessionId: sessions[index] });
          if (answer.status !== 204) throw new Error(`ping ${answer.status} ${answer.text}`);
        },
      );
      rows.push({ round: `ping ${index}`, ...row });
    }
    // The same requests, body and client against a bare Fastify POST answered 204, in its own
    // process: the ceiling a ping's own work (session, validation, statement) is measured against.
    const bare = await startBareServer();
    const bareHttp = loadHttp(bare.url, '127.0.0.1');
    try {
      for (let index = 1; index <= ROUNDS; index++) {
        const row = await round(
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
      `\n${label}: one server process on PostgreSQL, ${MINERS} miners each pinging once per round at ${RATE} pings a second, then as many POSTs to a bare Fastify route:`,
    );
    console.table(rows);
  } finally {
    agent.destroy();
    await stop(app.child);
    await database.drop();
  }
}
