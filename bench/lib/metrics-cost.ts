import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type LoadResult, measure } from './http-load.ts';
import { freePort, startAppServer, stop } from './processes.ts';

/** How often the "with metrics" server is scraped while it is measured (Prometheus's default is 15 s). */
const SCRAPE_EVERY_MS = 5000;
const WARM_UP_SECONDS = 3;
const ENDPOINTS = [
  ['GET /api/auth/session, signed out', '/api/auth/session'],
  ['GET /api/blog/posts, visitor', '/api/blog/posts'],
] as const;

/** A load run on the server with metrics, scraped meanwhile as Prometheus would. */
async function measureScraped(name: string, url: string, metricsPort: number, seconds: number) {
  const scraper = setInterval(() => {
    fetch(`http://127.0.0.1:${metricsPort}/metrics`).then(
      (response) => response.text(),
      () => '',
    );
  }, SCRAPE_EVERY_MS);
  try {
    return await measure(name, url, { durationSeconds: seconds });
  } finally {
    clearInterval(scraper);
  }
}

/**
 * What the metrics cost on the request path (docs/decisions/032): the same endpoints on two
 * servers of one run, one with METRICS_PORT (scraped every 5 s meanwhile) and one without, both
 * warmed up, then measured in the order without, with, with, without, so that a drift of the
 * machine over the run weighs on both alike; the ratio of their mean throughputs is the figure.
 */
export async function metricsCostScenario({ durationSeconds }: { durationSeconds: number }) {
  const dirs = [
    await mkdtemp(path.join(tmpdir(), 'btcp-bench-off-')),
    await mkdtemp(path.join(tmpdir(), 'btcp-bench-on-')),
  ];
  const metricsPort = await freePort();
  const off = await startAppServer({ DATA_DIR: dirs[0] ?? '' });
  const on = await startAppServer({ DATA_DIR: dirs[1] ?? '', METRICS_PORT: String(metricsPort) });
  try {
    console.log(
      `\nMetrics on the request path: the same endpoints without and with METRICS_PORT (scraped every ${SCRAPE_EVERY_MS / 1000} s), embedded database, 32 connections, ${durationSeconds} s each, in the order without, with, with, without:`,
    );
    const rows = [];
    for (const [name, url] of ENDPOINTS) {
      await measure('warm-up', `${off.url}${url}`, { durationSeconds: WARM_UP_SECONDS });
      await measure('warm-up', `${on.url}${url}`, { durationSeconds: WARM_UP_SECONDS });
      const runs: { metrics: boolean; result: LoadResult }[] = [];
      for (const metrics of [false, true, true, false]) {
        const result = metrics
          ? await measureScraped(name, `${on.url}${url}`, metricsPort, durationSeconds)
          : await measure(name, `${off.url}${url}`, { durationSeconds });
        runs.push({ metrics, result });
      }
      const mean = (metrics: boolean, pick: (r: LoadResult) => number) =>
        runs.filter((run) => run.metrics === metrics).reduce((s, run) => s + pick(run.result), 0) /
        2;
      const withReqs = mean(true, (r) => r.requestsPerSecond);
      const withoutReqs = mean(false, (r) => r.requestsPerSecond);
      rows.push({
        endpoint: name,
        'req/s without': Math.round(withoutReqs),
        'req/s with': Math.round(withReqs),
        'with ÷ without': (withReqs / withoutReqs).toFixed(3),
        'p99 ms without': mean(false, (r) => r.p99Ms),
        'p99 ms with': mean(true, (r) => r.p99Ms),
        'each run, req/s': runs.map((run) => run.result.requestsPerSecond).join(', '),
        errors: runs.reduce((s, run) => s + run.result.errors + run.result.non2xx, 0),
      });
    }
    console.table(rows);
  } finally {
    await stop(on.child);
    await stop(off.child);
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  }
}
