import { loadHttp } from './load-http.ts';
import { cpuMeter, percentile, postgresPids, seedMiners, serverPids } from './miners.ts';
import { type ScratchDatabase, startAppServer, stop } from './processes.ts';

/** Miners of the scenario, each pinging once per round. */
const MINERS = Number(process.env.BENCH_PING_COST_MINERS ?? 5000);
/** Pings a second: about what one of four processes takes at 50,000 miners (1,700 a second). */
const RATE = Number(process.env.BENCH_PING_COST_RATE ?? 500);
const ROUNDS = 3;

/**
 * What one ping costs in CPU at real cadence (docs/decisions/039): one server process, its miners
 * started, then every miner pings once per round, spread evenly at RATE a second over keep-alive
 * connections; the server's and PostgreSQL's CPU over each round (from /proc), divided by its pings.
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
    const rows = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const server = cpuMeter(() => serverPids(app.child.pid ?? 0));
      const postgres = cpuMeter(postgresPids);
      const startedAt = performance.now();
      const latencies = await paced(async (token, index) => {
        const sent = performance.now();
        const answer = await post(token, '/api/mining/ping', { sessionId: sessions[index] });
        if (answer.status !== 204) throw new Error(`ping ${answer.status} ${answer.text}`);
        return performance.now() - sent;
      });
      const seconds = (performance.now() - startedAt) / 1000;
      // cpuMeter answers in % of one core over its life: back to CPU milliseconds per ping.
      const perPing = (percent: number) => ((percent / 100) * seconds * 1000) / tokens.length;
      rows.push({
        round,
        pings: tokens.length,
        'pings a second': RATE,
        'server CPU ms per ping': perPing(server()).toFixed(3),
        'PostgreSQL CPU ms per ping': perPing(postgres()).toFixed(3),
        'ping p50 ms': Math.round(percentile(latencies, 50)),
        'ping p99 ms': Math.round(percentile(latencies, 99)),
      });
    }
    console.log(
      `\n${label}: one server process on PostgreSQL, ${MINERS} miners each pinging once per round at ${RATE} pings a second:`,
    );
    console.table(rows);
  } finally {
    agent.destroy();
    await stop(app.child);
    await database.drop();
  }
}
