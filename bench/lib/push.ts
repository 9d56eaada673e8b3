import { spawn } from 'node:child_process';
import { once } from 'node:events';
import type { PushPayload } from '@btcp/shared';
import { MINING_PING_INTERVAL_MS } from '@btcp/shared/mining';
import { paths } from '@btcp/shared/paths';
import { pushNotificationTexts } from '@btcp/shared/push-notifications';
import { type PushService, startPushService } from '../../apps/server/test/support/push-service.ts';
import { insertMembers } from './leaderboard.ts';
import { arrivalMs, MINER_SERVER_PROCESSES, rampMs } from './miner-pace.ts';
import { cpuMeter, percentile, postgresPids, seedMiners, serverPids, startLoad } from './miners.ts';
import { repoRoot, type ScratchDatabase, startAppServer, stop } from './processes.ts';
import { inSeedTransaction } from './seed-transaction.ts';

/** The push fan-out's size, from the environment: full size is 10,000 of each. */
const PUSH_MEMBERS = Number(process.env.BENCH_PUSH_MEMBERS ?? 10_000);
const PUSH_MINERS = Number(process.env.BENCH_PUSH_MINERS ?? 10_000);
/** How long the miners are measured without the fan-out: one ping each at their 30 s cadence. */
const QUIET_SECONDS = 30;
/** Past this the fan-out is reported as not finished. */
const FAN_OUT_TIMEOUT_SECONDS = Number(process.env.BENCH_PUSH_TIMEOUT_SECONDS ?? 600);

type Load = Awaited<ReturnType<typeof startLoad>>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `count` members with one device each at the local push service and the streak reminder on. */
async function seedPushMembers(databaseUrl: string, service: PushService, count: number) {
  const devices = Array.from({ length: count }, () => service.subscription());
  await inSeedTransaction(databaseUrl, async (client) => {
    const members = await insertMembers(client, {
      prefix: 'pushed',
      codeLetter: 'P',
      count,
      showOnLeaderboard: false,
    });
    await client.query(
      `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, browser)
       SELECT m.id, d.endpoint, d.p256dh, d.auth, 'Chrome on Linux'
       FROM unnest($1::text[], $2::text[], $3::text[]) WITH ORDINALITY AS d(endpoint, p256dh, auth, k)
       JOIN ${members} m ON m.n = d.k - 1`,
      [
        devices.map((device) => device.endpoint),
        devices.map((device) => device.keys.p256dh),
        devices.map((device) => device.keys.auth),
      ],
    );
    await client.query(
      `INSERT INTO push_preferences (user_id, streak_at_risk) SELECT id, true FROM ${members}`,
    );
  });
}

/**
 * The server's own set-wise enqueue (one INSERT … SELECT and the NOTIFY that kicks every
 * process's drainer), started and connected in a process of its own, ready to queue a streak
 * reminder for every member at once: what the reminder job does at 20:00 UTC of the real clock,
 * which a bench cannot wait for.
 */
async function reminderQueue(databaseUrl: string) {
  const payload: PushPayload = {
    kind: 'streakAtRisk',
    title: pushNotificationTexts.streakAtRiskTitle,
    body: pushNotificationTexts.streakAtRiskBody,
    url: paths.dashboard.getHref(),
    tag: `streak-${new Date().toISOString().slice(0, 10)}`,
  };
  const script = 'apps/server/test/support/enqueue-push.ts';
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', script, databaseUrl, payload.kind, JSON.stringify(payload)],
    { cwd: repoRoot, stdio: ['pipe', 'pipe', 'inherit'] },
  );
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
  });
  const exited = once(child, 'exit');
  while (!output.startsWith('ready\n')) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}`);
    await sleep(50);
  }
  return {
    /** Queues them all; resolves with what the script measured once it has exited. */
    async queue() {
      child.stdin.end('go\n');
      await exited;
      if (child.exitCode !== 0) throw new Error(`${script} exited with ${child.exitCode}`);
      return JSON.parse(output.slice('ready\n'.length)) as {
        queued: number;
        startedAt: number;
        ms: number;
      };
    },
  };
}

/**
 * Whether every device accepted a notification within the timeout. Devices, not deliveries: a
 * send that timed out on the server's side may have arrived and be sent again.
 */
async function everyDeviceReached(service: PushService, devices: number) {
  const deadline = performance.now() + FAN_OUT_TIMEOUT_SECONDS * 1000;
  while (service.stats.reached < devices) {
    if (performance.now() > deadline) return false;
    await sleep(20);
  }
  return true;
}

/**
 * Opens a window of the miners' pings and of CPU (% of one core): the server's processes, the
 * PostgreSQL server's, and this process's, where the push service runs. The returned function
 * closes it.
 */
async function openWindow(load: Load, serverPid: number) {
  await load.window();
  const serverCpu = cpuMeter(() => serverPids(serverPid));
  const postgresCpu = cpuMeter(postgresPids);
  const ownCpu = process.cpuUsage();
  const openedAt = performance.now();
  return async () => {
    const own = process.cpuUsage(ownCpu);
    const reports = await load.report();
    const pings = reports.flatMap((report) => report.pingLatencies);
    const samples = reports.flatMap((report) => report.errorSamples);
    if (samples.length > 0) console.log('miner errors, first of each process:', samples);
    return {
      pings: pings.length,
      'ping p50 ms': Math.round(percentile(pings, 50)),
      'ping p99 ms': Math.round(percentile(pings, 99)),
      'ping errors': reports.reduce((sum, report) => sum + report.errors, 0),
      'server CPU %': serverCpu(),
      'PostgreSQL CPU %': postgresCpu(),
      'push service CPU %': Math.round(
        ((own.user + own.system) / 1000 / (performance.now() - openedAt)) * 100,
      ),
    };
  };
}

/**
 * Web Push fan-out (D28) on PostgreSQL with the miners scenario's server processes: N members with
 * one device each at the local push service (test/support/push-service.ts, which checks VAPID and
 * decrypts every payload) get a streak reminder each, queued by the server's own enqueue, while M miners
 * ping at their real cadence; the seconds until the push service has accepted all N, and the
 * miners' ping p99 during the fan-out against the same miners just before it.
 */
export async function pushScenario(scratch: ScratchDatabase) {
  const database = await scratch('Push fan-out');
  if (!database) return;
  const service = await startPushService();
  const app = await startAppServer({
    DATABASE_URL: database.url,
    WEB_CONCURRENCY: String(MINER_SERVER_PROCESSES),
    WEB_PUSH_ALLOWED_ORIGINS: service.origin,
  });
  const load = await startLoad(app.url, Math.max(2, Math.ceil(PUSH_MINERS / 10_000)));
  try {
    const miners = await seedMiners(database.url, PUSH_MINERS);
    await seedPushMembers(database.url, service, PUSH_MEMBERS);
    // Spread over a ping interval at least, so that any window holds pings of every phase.
    await load.add(miners, Math.max(MINING_PING_INTERVAL_MS, arrivalMs(miners.length)));
    // Every miner has pinged once before the first window opens.
    await sleep(31_000);
    console.log(
      `\nPush fan-out on PostgreSQL, ${MINER_SERVER_PROCESSES} server processes, ${PUSH_MINERS.toLocaleString('en-US')} miners online in real time; ${PUSH_MEMBERS.toLocaleString('en-US')} members with one device each at a local push service (VAPID checked, payload decrypted):`,
    );
    const serverPid = app.child.pid ?? 0;
    const closeQuiet = await openWindow(load, serverPid);
    await sleep(QUIET_SECONDS * 1000);
    const quiet = await closeQuiet();
    const reminders = await reminderQueue(database.url);
    const closeDuring = await openWindow(load, serverPid);
    const enqueued = reminders.queue();
    const firstAccepted = service.waitFor(1, FAN_OUT_TIMEOUT_SECONDS * 1000).then(() => Date.now());
    const finished = await everyDeviceReached(service, PUSH_MEMBERS);
    const doneAt = Date.now();
    const { queued, startedAt, ms: enqueueMs } = await enqueued;
    const fanOutSeconds = (doneAt - startedAt) / 1000;
    const firstSeconds = ((await firstAccepted.catch(() => doneAt)) - startedAt) / 1000;
    const during = await closeDuring();
    const rejected = Object.values(service.stats.rejected).reduce((sum, n) => sum + n, 0);
    console.table([
      { window: `without push (${QUIET_SECONDS} s)`, ...quiet },
      { window: `during the fan-out (${fanOutSeconds.toFixed(1)} s)`, ...during },
    ]);
    console.table([
      {
        members: PUSH_MEMBERS,
        queued,
        'enqueue ms (one statement)': Math.round(enqueueMs),
        'devices reached': service.stats.reached,
        'sent again (repeats)': service.stats.accepted - service.stats.reached,
        'refused by the push service': rejected,
        'first accepted after s': firstSeconds.toFixed(2),
        'fan-out s (enqueue to last accepted)': fanOutSeconds.toFixed(1),
        'devices/s': Math.round(service.stats.reached / fanOutSeconds),
      },
    ]);
    if (rejected > 0) console.log('refused, by reason:', service.stats.rejected);
    if (!finished) {
      console.log(`Push fan-out: not every device reached within ${FAN_OUT_TIMEOUT_SECONDS} s.`);
      process.exitCode = 1;
    }
  } finally {
    // Stops at the rate miners arrive, as the scenario does not measure them.
    await load.stop(rampMs(PUSH_MINERS));
    load.close();
    await stop(app.child);
    await service.close();
    await database.drop();
  }
}
